import { extname } from 'node:path';
import type { JsonCheck, ValidationSchema } from '@planvas/shared';
import { messages } from '../../errors/messages';
import { executionFilePath, writeExecutionFile } from '../execution-files';
import { parseCheckPath, type JsonPathToken } from '../validation';
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

/**
 * json_checks paths are keys a plan chooses (`__proto__.x`, `constructor.prototype.x`): the
 * document is built only from own properties, on objects without a prototype, and written with
 * defineProperty, so no path can reach or change Object.prototype. JSON.stringify writes such
 * objects like any other, a `__proto__` key included.
 */
const emptyObject = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

function ownAt(holder: Container, token: JsonPathToken): unknown {
  return Object.hasOwn(holder, token) ? (holder as Record<string | number, unknown>)[token] : undefined;
}

function putAt(holder: Container, token: JsonPathToken, value: unknown): void {
  Object.defineProperty(holder, token, { value, writable: true, enumerable: true, configurable: true });
}

function setAt(root: Record<string, unknown>, tokens: ReadonlyArray<JsonPathToken>, value: unknown, overwrite: boolean): void {
  let current: Container = root;
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const next = tokens[index + 1];
    if (last) {
      if (overwrite || ownAt(current, token) === undefined) putAt(current, token, value);
      return;
    }
    let child = ownAt(current, token);
    if (child === null || typeof child !== 'object') {
      child = typeof next === 'number' ? [] : emptyObject();
      putAt(current, token, child);
    }
    if (Array.isArray(child) && typeof next === 'number') {
      while (child.length <= next) child.push(typeof tokens[index + 2] === 'string' ? emptyObject() : '');
    }
    current = child as Container;
  });
}

function getAt(root: unknown, tokens: ReadonlyArray<JsonPathToken>): unknown {
  let current = root;
  for (const token of tokens) {
    if (current === null || typeof current !== 'object') return undefined;
    current = ownAt(current as Container, token);
  }
  return current;
}

/** A JSON document that satisfies `checks` (as far as `samplePattern` can), plus context fields. */
export function jsonSatisfying(checks: ReadonlyArray<JsonCheck>, ctx: OutputContext): Record<string, unknown> {
  const root = emptyObject();
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
  if (!Object.hasOwn(root, 'generated_by')) root['generated_by'] = 'planvas scripted provider';
  if (!Object.hasOwn(root, 'step_id')) root['step_id'] = ctx.stepId;
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
 * Writes each declared output file into `dir` (the run's execution folder), shaped to pass the
 * step's validation_schema. A name that would land anywhere else (absolute, `..`, a symlink out)
 * fails the step before anything is written: a plan cannot point the scripted agent at the
 * workflow's learnings, its planning folder or outside the workspace.
 */
export async function writeScriptedOutputs(
  dir: string,
  files: ReadonlyArray<string>,
  validation: ValidationSchema | null | undefined,
  ctx: OutputContext,
): Promise<string[]> {
  const targets: Array<{ fileName: string; path: string }> = [];
  for (const fileName of files) {
    const resolved = await executionFilePath(dir, fileName);
    if (!resolved.ok) throw new Error(messages.outputOutsideExecution(fileName, resolved.reason));
    targets.push({ fileName, path: resolved.path });
  }
  for (const { fileName, path } of targets) {
    const checks = validation?.files?.find((f) => f.file_name === fileName)?.json_checks ?? [];
    await writeExecutionFile(path, contentFor(fileName, checks, ctx));
  }
  return targets.map((t) => t.fileName);
}
