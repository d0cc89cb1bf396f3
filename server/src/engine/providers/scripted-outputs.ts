import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import type { JsonCheck, ValidationSchema } from '@planvas/shared';
import { fileInside, parseCheckPath, type JsonPathToken } from '../validation';
import { samplePattern } from './sample-pattern';

export interface OutputContext {
  stepId: string;
  title: string;
  /** Text the scripted agent "wrote": the todo or step it worked on. */
  summary: string;
}

const FILLER =
  'This content was produced by the planvas scripted provider, a deterministic stand-in for a model. It exists so that a workflow can be run, watched and validated end to end without any model or network access. ';

function text(min: number, max: number | undefined, seed: string): string {
  let out = seed;
  while (out.length < min) out += FILLER;
  if (max !== undefined && out.length > max) out = out.slice(0, Math.max(min, max));
  return out;
}

function valueFor(check: JsonCheck, seed: string): unknown {
  const type = check.value_type ?? (check.min_value != null || check.max_value != null ? 'number' : 'string');
  switch (type) {
    case 'number':
    case 'float': {
      const min = check.min_value ?? 0;
      const max = check.max_value ?? Math.max(min, 1);
      return Math.round(((min + max) / 2) * 100) / 100;
    }
    case 'integer':
    case 'int': {
      const min = Math.ceil(check.min_value ?? 0);
      const max = Math.floor(check.max_value ?? min + 10);
      return Math.max(min, Math.min(max, Math.round((min + max) / 2)));
    }
    case 'boolean':
    case 'bool':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default: {
      const fromPattern = check.pattern ? samplePattern(check.pattern) : undefined;
      if (fromPattern !== undefined) return fromPattern;
      return text(check.min_length ?? 0, check.max_length ?? undefined, seed);
    }
  }
}

type Container = Record<string, unknown> | unknown[];

function setAt(root: Record<string, unknown>, tokens: ReadonlyArray<JsonPathToken>, value: unknown, overwrite: boolean): void {
  let current: Container = root;
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const next = tokens[index + 1];
    const holder = current as Record<string | number, unknown>;
    if (last) {
      if (overwrite || holder[token] === undefined) holder[token] = value;
      return;
    }
    let child = holder[token];
    if (child === null || typeof child !== 'object') {
      child = typeof next === 'number' ? [] : {};
      holder[token] = child;
    }
    if (Array.isArray(child) && typeof next === 'number') {
      while (child.length <= next) child.push(typeof tokens[index + 2] === 'string' ? {} : '');
    }
    current = child as Container;
  });
}

function getAt(root: unknown, tokens: ReadonlyArray<JsonPathToken>): unknown {
  let current = root;
  for (const token of tokens) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[token];
  }
  return current;
}

/** A JSON document that satisfies `checks` (as far as `samplePattern` can), plus context fields. */
export function jsonSatisfying(checks: ReadonlyArray<JsonCheck>, ctx: OutputContext): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const parsed = checks
    .map((check) => ({ check, tokens: parseCheckPath(check.path) }))
    .filter((c): c is { check: JsonCheck; tokens: JsonPathToken[] } => c.tokens !== undefined && c.tokens.length > 0);
  // Leaves first (deep paths create their parents), then arrays are padded to their lengths by
  // cloning their first element, so `findings[0].source_id` and `findings` min_length 3 agree.
  for (const { check, tokens } of parsed) {
    if (check.value_type === 'array') continue;
    setAt(root, tokens, valueFor(check, ctx.summary), true);
  }
  for (const { check, tokens } of parsed) {
    if (check.value_type !== 'array') continue;
    setAt(root, tokens, [], false);
    const array = getAt(root, tokens);
    if (!Array.isArray(array)) continue;
    const min = check.min_length ?? 1;
    const template = array[0];
    while (array.length < Math.max(min, 1)) {
      array.push(template === undefined ? `${ctx.stepId} item ${array.length + 1}` : structuredClone(template));
    }
    if (check.max_length != null && array.length > check.max_length) array.length = check.max_length;
  }
  if (!('generated_by' in root)) root['generated_by'] = 'planvas scripted provider';
  if (!('step_id' in root)) root['step_id'] = ctx.stepId;
  return root;
}

function contentFor(fileName: string, checks: ReadonlyArray<JsonCheck>, ctx: OutputContext): string {
  const ext = extname(fileName).toLowerCase();
  if (ext === '.json') return `${JSON.stringify(jsonSatisfying(checks, ctx), null, 2)}\n`;
  if (ext === '.csv') return `step_id,title,source_id\n${ctx.stepId},"${ctx.title.replace(/"/g, '""')}",src-001\n`;
  if (ext === '.md') return `# ${ctx.title}\n\n${ctx.summary}\n\n_${FILLER.trim()}_\n`;
  return `${ctx.title}\n${ctx.summary}\n`;
}

/**
 * Writes each declared output file into `dir`, shaped to pass the step's validation_schema. Files
 * outside `dir` are never written (a plan cannot point the scripted agent elsewhere).
 */
export async function writeScriptedOutputs(dir: string, files: ReadonlyArray<string>, validation: ValidationSchema | null | undefined, ctx: OutputContext): Promise<string[]> {
  const written: string[] = [];
  for (const fileName of files) {
    const path = fileInside(dir, fileName);
    if (!path) continue;
    const checks = validation?.files?.find((f) => f.file_name === fileName)?.json_checks ?? [];
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, contentFor(fileName, checks, ctx));
    written.push(fileName);
  }
  return written;
}
