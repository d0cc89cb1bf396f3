import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import type { JsonCheck, ValidationProblem, ValidationSchema } from '@planvas/shared';
import { isMissing } from '../workspace/safe-path';

export interface ValidationOutcome {
  passed: boolean;
  problems: ValidationProblem[];
}

/** A path segment of a json_check: `findings[0].source_id` -> ['findings', 0, 'source_id']. */
export type JsonPathToken = string | number;

/** Parses the json_checks path syntax of real plans: dotted keys, `[n]` indexes, `["key"]`, optional leading `$.`. */
export function parseCheckPath(path: string): JsonPathToken[] | undefined {
  const tokens: JsonPathToken[] = [];
  let rest = path.trim().replace(/^\$\.?/, '');
  if (rest === '') return [];
  const pattern = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\])/;
  while (rest.length > 0) {
    const match = pattern.exec(rest);
    if (!match) return undefined;
    if (match[1] !== undefined) tokens.push(match[1]);
    else if (match[2] !== undefined) tokens.push(Number(match[2]));
    else tokens.push(JSON.parse(`"${match[3] ?? ''}"`) as string);
    rest = rest.slice(match[0].length);
  }
  return tokens;
}

/** A file name from a plan, resolved inside `dir`; undefined when it would leave `dir`. */
export function fileInside(dir: string, fileName: string): string | undefined {
  if (fileName.trim() === '' || isAbsolute(fileName) || fileName.includes('\0') || fileName.includes('\\')) return undefined;
  const normalised = normalize(fileName);
  if (normalised === '..' || normalised.startsWith(`..${sep}`)) return undefined;
  return join(dir, normalised);
}

const missing = Symbol('missing');

/** The value at a parsed path, undefined when absent (own keys only: never a prototype's). */
export function valueAtPath(value: unknown, tokens: ReadonlyArray<JsonPathToken>): unknown {
  const found = lookup(value, tokens);
  return found === missing ? undefined : found;
}

function lookup(value: unknown, tokens: ReadonlyArray<JsonPathToken>): unknown {
  let current: unknown = value;
  for (const token of tokens) {
    if (typeof token === 'number') {
      if (!Array.isArray(current) || token >= current.length) return missing;
      current = current[token];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.prototype.hasOwnProperty.call(current, token)) return missing;
      current = (current as Record<string, unknown>)[token];
    }
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, expected: string): boolean | undefined {
  const actual = typeOf(value);
  switch (expected) {
    case 'number':
    case 'float':
      return actual === 'number' || actual === 'integer';
    case 'integer':
    case 'int':
      return actual === 'integer';
    case 'string':
    case 'boolean':
    case 'array':
    case 'object':
    case 'null':
      return actual === expected;
    case 'bool':
      return actual === 'boolean';
    default:
      return undefined;
  }
}

function checkValue(file: string, check: JsonCheck, document: unknown): ValidationProblem[] {
  const problem = (message: string): ValidationProblem => ({ file, path: check.path, message });
  const tokens = parseCheckPath(check.path);
  if (!tokens) return [problem(`cannot read the json_checks path "${check.path}"`)];
  const value = lookup(document, tokens);
  if (value === missing) return check.must_exist === false ? [] : [problem('is missing')];
  const out: ValidationProblem[] = [];
  if (check.value_type) {
    const ok = matchesType(value, check.value_type);
    if (ok === undefined) out.push(problem(`unknown value_type "${check.value_type}"`));
    else if (!ok) return [problem(`is ${typeOf(value)}, expected ${check.value_type}`)];
  }
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
  if (check.min_length != null && length !== undefined && length < check.min_length)
    out.push(problem(`has length ${length}, below min_length ${check.min_length}`));
  if (check.max_length != null && length !== undefined && length > check.max_length)
    out.push(problem(`has length ${length}, above max_length ${check.max_length}`));
  if (typeof value === 'number') {
    if (check.min_value != null && value < check.min_value) out.push(problem(`is ${value}, below min_value ${check.min_value}`));
    if (check.max_value != null && value > check.max_value) out.push(problem(`is ${value}, above max_value ${check.max_value}`));
  }
  if (check.pattern && typeof value === 'string') {
    let regex: RegExp | undefined;
    try {
      regex = new RegExp(check.pattern);
    } catch {
      out.push(problem(`pattern "${check.pattern}" is not a valid regular expression`));
    }
    if (regex && !regex.test(value)) out.push(problem(`does not match pattern ${check.pattern}`));
  }
  return out;
}

/**
 * A step's validation_schema checked against the files in `dir` (the run's execution folder):
 * required files must exist, and JSON files with json_checks must satisfy each check. Without a
 * schema every step passes, as in the seed system ("any exit-zero script counts as success").
 */
export async function validateOutputs(schema: ValidationSchema | null | undefined, dir: string): Promise<ValidationOutcome> {
  const problems: ValidationProblem[] = [];
  for (const file of schema?.files ?? []) {
    const path = fileInside(dir, file.file_name);
    if (!path) {
      problems.push({ file: file.file_name, message: 'file_name must be a relative path inside the execution folder' });
      continue;
    }
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (file.must_exist !== false) problems.push({ file: file.file_name, message: 'the file does not exist' });
      continue;
    }
    const checks = file.json_checks ?? [];
    if (checks.length === 0) continue;
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      problems.push({ file: file.file_name, message: `is not valid JSON: ${(error as Error).message}` });
      continue;
    }
    for (const check of checks) problems.push(...checkValue(file.file_name, check, document));
  }
  return { passed: problems.length === 0, problems };
}
