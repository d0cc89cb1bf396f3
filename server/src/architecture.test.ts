import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of server/CONTEXT.md, checked on every test run: a file imports only its own layer
 * and the layers below it, only tests import test-support/, and (ESLint's import-x/no-cycle)
 * no files import each other in a circle. So storage, runs and the engine never reach for HTTP (their errors are domain errors,
 * which plugins/error-handler.ts maps to answers), and a route is the only place a request meets
 * the domain.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
/** Lowest first: what each entry holds is in CONTEXT.md. */
const LAYERS: ReadonlyArray<{ name: string; holds: ReadonlyArray<string> }> = [
  { name: 'errors', holds: ['errors'] },
  { name: 'database', holds: ['database'] },
  { name: 'workspace', holds: ['workspace'] },
  { name: 'state', holds: ['state'] },
  { name: 'runs', holds: ['runs'] },
  { name: 'engine', holds: ['engine'] },
  { name: 'http', holds: ['http'] },
  { name: 'plugins', holds: ['plugins'] },
  { name: 'routes', holds: ['routes'] },
  { name: 'entry', holds: ['app.ts', 'main.ts', 'start-options.ts', 'cli.ts', 'cli'] },
];

const isTest = (file: string) => file.endsWith('.test.ts');
const name = (file: string) => relative(SRC, file).split(sep).join('/');

function layerOf(file: string): number | 'test-support' {
  const top = name(file).split('/')[0]!;
  if (top === 'test-support') return 'test-support';
  const index = LAYERS.findIndex((layer) => layer.holds.includes(top));
  if (index < 0) throw new Error(`${name(file)}: a file or folder server/CONTEXT.md does not place in a layer`);
  return index;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return entry.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?['"](\.[^'"]+)['"]/g)) {
    const base = resolve(dirname(file), match[1]!);
    const target = ['.ts', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
    if (target) found.push(target);
  }
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)] as const));

describe('server layering (server/CONTEXT.md)', () => {
  it('places every file in a layer', () => {
    expect(() => files.filter((file) => !isTest(file)).forEach(layerOf)).not.toThrow();
  });

  it('no file imports a layer above its own, and only tests import test-support/', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (isTest(file)) continue;
      const from = layerOf(file);
      for (const target of imports) {
        const to = layerOf(target);
        if (to === 'test-support' && from !== 'test-support') wrong.push(`${name(file)} -> ${name(target)} (test support)`);
        else if (typeof from === 'number' && typeof to === 'number' && to > from)
          wrong.push(`${name(file)} (${LAYERS[from]!.name}) -> ${name(target)} (${LAYERS[to]!.name})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
