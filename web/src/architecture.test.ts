import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of web/CONTEXT.md, checked on every test run: a file imports only its own layer
 * and the layers below it (ESLint's import-x/no-cycle checks that no files import each other in a
 * circle). A step kind's folder
 * (`canvas/kinds/<kind>/`) holds everything the app knows about the kind, so its files belong to
 * the layer of their role: `definition.ts` (size and handles, used by the layout without React)
 * is `flow`, `fields.tsx` (the inspector's form) is `forms`, the node component is `canvas`.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
/** Lowest first: the one list of web/layers.json, which ESLint's zones (eslint.config.js) read too. */
const LAYERS = JSON.parse(readFileSync(join(SRC, '../layers.json'), 'utf8')) as ReadonlyArray<string>;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function layerOf(file: string): number | 'test-helper' | 'entry' {
  const rel = relative(SRC, file).split(sep).join('/');
  if (rel === 'main.tsx' || rel === 'globals.d.ts') return 'entry';
  if (rel.startsWith('test/')) return 'test-helper';
  if (/^canvas\/kinds\/[^/]+\/definition\.ts$/.test(rel)) return LAYERS.indexOf('flow');
  if (/^canvas\/kinds\/[^/]+\/fields\.tsx$/.test(rel)) return LAYERS.indexOf('forms');
  const top = rel.split('/')[0]!;
  const index = LAYERS.indexOf(top);
  if (index < 0) throw new Error(`${rel}: a folder web/CONTEXT.md does not place in a layer`);
  return index;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?['"](\.[^'"]+)['"]/g)) {
    const base = resolve(dirname(file), match[1]!);
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
    if (target && /\.tsx?$/.test(target)) found.push(target);
  }
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)] as const));
const name = (file: string) => relative(SRC, file).split(sep).join('/');

describe('web layering (web/CONTEXT.md)', () => {
  it('no file imports a layer above its own, and only tests import test/', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (isTest(file)) continue;
      const from = layerOf(file);
      for (const target of imports) {
        const to = layerOf(target);
        if (to === 'test-helper' && from !== 'test-helper') wrong.push(`${name(file)} -> ${name(target)} (test helper)`);
        else if (typeof from === 'number' && typeof to === 'number' && to > from)
          wrong.push(`${name(file)} (${LAYERS[from]}) -> ${name(target)} (${LAYERS[to]})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('knows every top-level folder', () => {
    expect(files.filter((f) => !isTest(f)).map((f) => layerOf(f))).not.toContain(-1);
  });
});
