import { describe, expect, it } from 'vitest';
import { JsonSyntaxError } from './json-syntax-error';
import { parseJsonSource } from './parse-json-source';
import { createRandom, type Random } from './seeded-random';
import { stringifyPreserving } from './stringify-preserving';
import { COMPACT_LAYOUTS, type CompactLayout } from '../test-support/json-layouts';

/**
 * Randomised but deterministic (seeded) checks over generated documents in
 * many layouts: the parser agrees with JSON.parse, a no-op save is
 * byte-identical, and any edit writes JSON that parses to the edited value.
 */

/** An abstract document: scalars keep their spelling, so one value can be printed many ways. */
type Doc =
  | { kind: 'string'; value: string }
  | { kind: 'number'; raw: string }
  | { kind: 'literal'; raw: 'true' | 'false' | 'null' }
  | { kind: 'array'; items: Doc[] }
  | { kind: 'object'; members: [string, Doc][] };

const STRING_PIECES = ['a', 'step', ' ', 'é', 'ü', '中', '😀', '"', '\\', '/', '\n', '\t', '\u0001', '\u2028', 'x y', '{', ']'];
const KEYS = ['id', 'title', 'type', '0', '1', '2', '10', 'reject', 'route_id', 'steps', 'é', 'a b', '', 'next_step_id'];

function randomString(random: Random): string {
  let text = '';
  for (let i = random.int(6); i > 0; i--) text += random.pick(STRING_PIECES);
  return text;
}

function randomNumberText(random: Random): string {
  // Finite, never negative zero: JSON.stringify cannot write Infinity or -0 back.
  const digits = random.chance(0.2)
    ? `${1 + random.int(9)}${Array.from({ length: 15 + random.int(10) }, () => random.int(10)).join('')}`
    : String(random.int(random.pick([10, 1000, 100000])));
  let text = digits;
  if (random.chance(0.3)) text += `.${random.int(1000)}`;
  if (random.chance(0.15)) text += `${random.pick(['e', 'E'])}${random.pick(['', '+', '-'])}${random.int(40)}`;
  if (random.chance(0.3) && /[1-9]/.test(text.split(/[eE]/)[0] ?? '')) text = `-${text}`;
  return text;
}

function randomDoc(random: Random, depth: number): Doc {
  const roll = random.next();
  if (depth >= 4 || roll < 0.45) {
    const scalar = random.next();
    if (scalar < 0.45) return { kind: 'string', value: randomString(random) };
    if (scalar < 0.8) return { kind: 'number', raw: randomNumberText(random) };
    return { kind: 'literal', raw: random.pick(['true', 'false', 'null'] as const) };
  }
  if (roll < 0.65) {
    if (random.chance(0.3)) {
      // A list of steps: objects carrying distinct ids, as in plans.
      const items: Doc[] = [];
      for (let i = random.int(5); i > 0; i--) {
        const members: [string, Doc][] = [['id', { kind: 'string', value: `step_${items.length}_${random.int(1000)}` }]];
        for (let k = random.int(4); k > 0; k--) members.push([random.pick(KEYS.filter((key) => key !== 'id')), randomDoc(random, depth + 2)]);
        items.push({ kind: 'object', members });
      }
      return { kind: 'array', items };
    }
    return { kind: 'array', items: Array.from({ length: random.int(5) }, () => randomDoc(random, depth + 1)) };
  }
  const members: [string, Doc][] = [];
  for (let i = random.int(6); i > 0; i--) members.push([random.pick(KEYS), randomDoc(random, depth + 1)]);
  return { kind: 'object', members };
}

interface Style {
  indent: string;
  newline: string;
  /** Odd but valid spacing, escapes and number spellings, as in hand-edited files. */
  messy: boolean;
  /** Everything on one line, with these separators. */
  compact: CompactLayout | null;
}

function spellString(random: Random, value: string, style: Style): string {
  if (!style.messy) return JSON.stringify(value);
  // Re-spell some characters as \u escapes (per UTF-16 unit, so surrogate pairs split safely).
  let text = '"';
  const plain = JSON.stringify(value).slice(1, -1);
  for (let i = 0; i < plain.length; i++) {
    const char = plain[i] as string;
    if (char === '\\') {
      const escape = plain[i + 1] === 'u' ? plain.slice(i, i + 6) : plain.slice(i, i + 2);
      text += escape;
      i += escape.length - 1;
    } else if (char === '/' && random.chance(0.5)) {
      text += '\\/';
    } else if (random.chance(0.15)) {
      text += `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else {
      text += char;
    }
  }
  return `${text}"`;
}

function spellNumber(random: Random, raw: string, style: Style): string {
  if (!style.messy || !/^-?\d+$/.test(raw) || !random.chance(0.3)) return raw;
  // Integers spelled differently, all parsing to exactly the same double.
  return random.pick([`${raw}.0`, `${raw}e0`, `${raw}0e-1`, `${raw}E+0`]);
}

function printDoc(random: Random, doc: Doc, depth: number, style: Style): string {
  switch (doc.kind) {
    case 'string':
      return spellString(random, doc.value, style);
    case 'number':
      return spellNumber(random, doc.raw, style);
    case 'literal':
      return doc.raw;
    default:
      break;
  }
  const [open, close] = doc.kind === 'array' ? ['[', ']'] : ['{', '}'];
  const entries =
    doc.kind === 'array'
      ? doc.items.map((item) => printDoc(random, item, depth + 1, style))
      : doc.members.map(([key, value]) => {
          const separator = style.compact?.key ?? (style.messy ? random.pick([': ', ' : ', ':', ':  ']) : ': ');
          return spellString(random, key, style) + separator + printDoc(random, value, depth + 1, style);
        });
  if (entries.length === 0) return style.messy ? random.pick([`${open}${close}`, `${open} ${close}`, `${open}${style.newline}${close}`]) : open + close;
  if (style.compact) return open + entries.join(`,${style.compact.item}`) + close;
  if (style.messy && random.chance(0.25)) return `${open}${random.pick(['', ' '])}${entries.join(random.pick([', ', ',']))}${close}`;
  const inner = style.newline + style.indent.repeat(depth + 1);
  const between = style.messy && random.chance(0.2) ? `,${random.pick([' ', ''])}${style.newline}${inner}` : `,${inner}`;
  return open + inner + entries.join(between) + style.newline + style.indent.repeat(depth) + close;
}

function randomStyle(random: Random): Style {
  const compact = random.chance(0.15) ? random.pick(COMPACT_LAYOUTS) : null;
  return {
    indent: compact ? '' : random.pick(['  ', '    ', '\t', ' ']),
    newline: random.chance(0.25) ? '\r\n' : '\n',
    messy: !compact && random.chance(0.35),
    compact,
  };
}

function randomDocument(random: Random): string {
  const style = randomStyle(random);
  const root = random.chance(0.9)
    ? { kind: 'object' as const, members: [...Array(1 + random.int(5))].map((): [string, Doc] => [random.pick(KEYS), randomDoc(random, 1)]) }
    : randomDoc(random, 0);
  const bom = random.chance(0.1) ? '\ufeff' : '';
  const final = random.pick(['', style.newline, style.newline, style.newline + style.newline]);
  const leading = style.messy && random.chance(0.3) ? style.newline : '';
  return bom + leading + printDoc(random, root, 0, style) + final;
}

const stripBom = (text: string): string => text.replace(/^\ufeff/, '');
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Replaces or removes one thing somewhere in a JSON value (which it mutates). */
function mutate(random: Random, root: unknown): unknown {
  const containers: (unknown[] | Record<string, unknown>)[] = [];
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    containers.push(value as unknown[] | Record<string, unknown>);
    for (const child of Object.values(value)) collect(child);
  };
  collect(root);
  const freshValue = (): unknown =>
    JSON.parse(printDoc(random, randomDoc(random, 2), 0, { indent: '', newline: '\n', messy: false, compact: { item: '', key: ':' } }));
  if (containers.length === 0) return freshValue();
  const target = random.pick(containers);
  if (Array.isArray(target)) {
    const index = random.int(target.length + 1);
    const action = random.int(4);
    if (action === 0 || target.length === 0) target.splice(index, 0, freshValue());
    else if (action === 1) target.splice(Math.min(index, target.length - 1), 1);
    else if (action === 2) target.reverse();
    else target[Math.min(index, target.length - 1)] = freshValue();
  } else {
    const keys = Object.keys(target);
    const action = random.int(3);
    if (action === 0 || keys.length === 0) target[random.pick(KEYS.concat(['new', '7']))] = freshValue();
    else if (action === 1) delete target[random.pick(keys)];
    else target[random.pick(keys)] = freshValue();
  }
  return root;
}

describe('round trip over generated documents', () => {
  const seeds = Array.from({ length: 400 }, (_, i) => i + 1);

  it('parses every generated document exactly like JSON.parse', () => {
    for (const seed of seeds) {
      const text = randomDocument(createRandom(seed));
      expect(parseJsonSource(text).value, `seed ${seed}`).toEqual(JSON.parse(stripBom(text)));
    }
  });

  it('saves every unchanged document byte for byte, even from a re-created value', () => {
    for (const seed of seeds) {
      const text = randomDocument(createRandom(seed));
      const source = parseJsonSource(text);
      expect(stringifyPreserving(JSON.parse(stripBom(text)), source), `seed ${seed}`).toBe(text);
    }
  });

  it('writes edited documents that parse to the edited value, keeping BOM and trailing text', () => {
    for (const seed of seeds) {
      const random = createRandom(seed);
      const text = randomDocument(random);
      const source = parseJsonSource(text);
      let value: unknown = JSON.parse(stripBom(text));
      for (let edits = 1 + random.int(3); edits > 0; edits--) value = mutate(random, value);
      const output = stringifyPreserving(value, source);
      const context = `seed ${seed}\n${text}\n---\n${output}`;
      expect(JSON.parse(stripBom(output)), context).toEqual(viaJson(value));
      expect(output.startsWith('\ufeff'), context).toBe(source.hasBom);
      const trailing = /\s*$/.exec(text)?.[0] ?? '';
      expect(output.endsWith(trailing) && /\s*$/.exec(output)?.[0] === trailing, context).toBe(true);
      // The written document is itself a stable source.
      const rewritten = parseJsonSource(output);
      expect(stringifyPreserving(value, rewritten), context).toBe(output);
    }
  });

  it('agrees with JSON.parse on which corrupted documents are valid, and locates every error', () => {
    const noise = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '0', '-', '.', 'e', 'a', '/', "'", 't', 'n', '\u0000'];
    for (const seed of seeds) {
      const random = createRandom(seed * 7919);
      const text = randomDocument(random);
      for (let attempt = 0; attempt < 5; attempt++) {
        const at = random.int(text.length + 1);
        const corrupted = random.chance(0.5) ? text.slice(0, at) + random.pick(noise) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
        let expected: unknown;
        let valid = true;
        try {
          expected = JSON.parse(stripBom(corrupted));
        } catch {
          valid = false;
        }
        const context = `seed ${seed}: ${JSON.stringify(corrupted)}`;
        if (valid) {
          expect(parseJsonSource(corrupted).value, context).toEqual(expected);
          continue;
        }
        let error: unknown;
        try {
          parseJsonSource(corrupted);
        } catch (caught) {
          error = caught;
        }
        expect(error, context).toBeInstanceOf(JsonSyntaxError);
        const { line, column, offset } = error as JsonSyntaxError;
        expect(line >= 1 && column >= 1 && offset >= 0 && offset <= corrupted.length, context).toBe(true);
      }
    }
  });
});
