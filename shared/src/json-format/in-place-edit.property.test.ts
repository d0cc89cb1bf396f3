import { describe, expect, it } from 'vitest';
import type { JsonNodeId, JsonTree } from './json-tree';
import { parseJsonSource } from './parse-json-source';
import { createRandom, type Random } from './seeded-random';
import { stringifyPreserving } from './stringify-preserving';
import { COMPACT_LAYOUTS, type CompactLayout } from '../test-support/json-layouts';

/**
 * Seeded checks that an edit changes only its own bytes, over generated
 * documents in the layouts real tools write: JSON.stringify with 2, 4 or tab
 * indentation, Go's MarshalIndent, hugged containers (`[{` … `}, {` … `}]`),
 * several keys per line, short containers on one line, compact files, CRLF,
 * a BOM, no final newline and misaligned closing brackets.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const KEYS = ['id', 'title', 'type', '0', '2', '10', 'reject', 'route_id', 'steps', 'é', 'a b', '', 'next_step_id', 'n', 'ok'];
const PIECES = ['a', 'step', ' ', 'é', '中', '😀', '"', '\\', '/', '\t', '\n', 'x y', '{', ']'];

let unique = 0;

function randomScalar(random: Random): Json {
  const roll = random.next();
  if (roll < 0.45) {
    let text = '';
    for (let i = random.int(5); i > 0; i--) text += random.pick(PIECES);
    return text;
  }
  if (roll < 0.8) return random.pick([random.int(100), random.int(100000) / 100, -random.int(1000), 2 ** 53 + 2, 1.5e-7]);
  return random.pick([true, false, null]);
}

function randomValue(random: Random, depth: number): Json {
  const roll = random.next();
  if (depth >= 4 || roll < 0.4) return randomScalar(random);
  if (roll < 0.7) {
    if (random.chance(0.4)) {
      // Steps: objects with distinct ids, as in plans.
      return Array.from({ length: random.int(5) }, (_, i) => {
        const step: { [key: string]: Json } = { id: `step_${i}_${random.int(1000)}` };
        for (const key of randomKeys(random, 4)) if (key !== 'id') step[key] = randomValue(random, depth + 2);
        return step;
      });
    }
    return Array.from({ length: random.int(5) }, () => randomValue(random, depth + 1));
  }
  const object: { [key: string]: Json } = {};
  for (const key of randomKeys(random, 5)) object[key] = randomValue(random, depth + 1);
  return object;
}

function randomKeys(random: Random, max: number): string[] {
  const keys = new Set<string>();
  for (let i = random.int(max + 1); i > 0; i--) keys.add(random.pick(KEYS));
  return [...keys];
}

/** A fresh value no other value in the document equals (so it cannot be mistaken for a neighbour). */
function distinctValue(random: Random): Json {
  unique++;
  const roll = random.int(4);
  if (roll === 0) return `new ${unique} ${random.pick(PIECES)}`;
  if (roll === 1) return 7_000_000 + unique;
  const value = randomValue(random, 2);
  if (roll === 2) return { id: `new_${unique}`, title: `New ${unique}`, more: value };
  return [`new ${unique}`, value];
}

interface Style {
  unit: string;
  newline: string;
  compact: CompactLayout | null;
  hug: number;
  severalKeys: number;
  inlineScalars: number;
  misaligned: number;
}

function randomStyle(random: Random): Style {
  const compact = random.chance(0.12) ? random.pick(COMPACT_LAYOUTS) : null;
  const kind = random.int(4);
  return {
    unit: random.pick(['  ', '    ', '\t', '  ']),
    newline: random.chance(0.25) ? '\r\n' : '\n',
    compact,
    hug: kind === 0 ? 0.8 : 0,
    severalKeys: kind === 1 ? 0.7 : 0,
    inlineScalars: random.pick([0, 0.3, 0.8]),
    misaligned: kind === 2 ? 0.3 : 0,
  };
}

function isContainer(value: Json): value is Json[] | { [key: string]: Json } {
  return typeof value === 'object' && value !== null;
}

function isFilled(value: Json): boolean {
  return isContainer(value) && Object.keys(value).length > 0;
}

/** Prints value starting on a line indented by `line`. */
function print(random: Random, value: Json, line: string, style: Style): string {
  if (!isContainer(value)) return JSON.stringify(value);
  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const keys = Object.keys(value);
  if (keys.length === 0) return open + close;
  const child = (key: string): Json => (value as Record<string, Json>)[key] as Json;
  const entry = (key: string, at: string, separator: string): string => (isArray ? '' : JSON.stringify(key) + separator) + print(random, child(key), at, style);
  if (style.compact) return open + keys.map((key) => entry(key, '', style.compact?.key ?? ':')).join(`,${style.compact.item}`) + close;
  const nl = style.newline;
  const inner = line + style.unit;
  if (keys.every((key) => !isContainer(child(key))) && random.chance(style.inlineScalars)) {
    return open + keys.map((key) => entry(key, line, ': ')).join(', ') + close;
  }
  if (isArray && keys.every((key) => isFilled(child(key))) && random.chance(style.hug)) {
    // Hugged: `[{` … `}, {` … `}]`, each element's members one unit deeper than this line.
    return open + keys.map((key) => entry(key, line, ': ')).join(', ') + close;
  }
  if (!isArray && random.chance(style.severalKeys)) {
    const sameLine = random.chance(0.6);
    let out = open + (sameLine ? '' : nl + inner);
    let at = sameLine ? line : inner;
    let onLine = 0;
    keys.forEach((key, i) => {
      if (i > 0) {
        if (onLine >= 1 + random.int(3)) {
          out += `,${nl}${inner}`;
          at = inner;
          onLine = 0;
        } else {
          out += ', ';
        }
      }
      out += entry(key, at, ': ');
      onLine++;
    });
    return out + (random.chance(0.5) ? '' : nl + line) + close;
  }
  let closing = line;
  if (random.chance(style.misaligned)) closing = line.length >= style.unit.length && random.chance(0.5) ? line.slice(style.unit.length) : inner;
  return open + keys.map((key) => nl + inner + entry(key, inner, ': ')).join(',') + nl + closing + close;
}

function randomDocument(random: Random): { text: string; value: Json } {
  const style = randomStyle(random);
  const value: Json = random.chance(0.9) ? Object.fromEntries(randomKeys(random, 5).map((key) => [key, randomValue(random, 1)])) : randomValue(random, 0);
  const bom = random.chance(0.1) ? '\ufeff' : '';
  const final = random.pick(['', style.newline, style.newline]);
  return { text: bom + print(random, value, '', style) + final, value };
}

const stripBom = (text: string): string => text.replace(/^\ufeff/, '');
const clone = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

function at(value: Json, path: Path): Json {
  let current = value;
  for (const segment of path) current = (current as Record<string | number, Json>)[segment] as Json;
  return current;
}

interface Places {
  scalars: Path[];
  arrays: Path[];
  objects: Path[];
}

function places(value: Json, path: Path = [], found: Places = { scalars: [], arrays: [], objects: [] }): Places {
  if (!isContainer(value)) {
    found.scalars.push(path);
  } else if (Array.isArray(value)) {
    found.arrays.push(path);
    value.forEach((item, index) => places(item, [...path, index], found));
  } else {
    found.objects.push(path);
    for (const [key, item] of Object.entries(value)) places(item, [...path, key], found);
  }
  return found;
}

type Edit = { kind: 'scalar'; path: Path } | { kind: 'add'; path: Path; index: number | string } | { kind: 'remove'; path: Path; index: number | string };

/** Applies one random edit of the given kind to value (in place); undefined when there is nowhere to do it. */
function edit(random: Random, value: Json, kind: Edit['kind']): { value: Json; edit: Edit } | undefined {
  const found = places(value);
  const equal = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);
  if (kind === 'scalar') {
    if (found.scalars.length === 0) return undefined;
    const path = random.pick(found.scalars);
    const replacement = typeof at(value, path) === 'string' || random.chance(0.5) ? `changed ${++unique} ${random.pick(PIECES)}` : 9_000_000 + ++unique;
    if (path.length === 0) return { value: replacement, edit: { kind, path } };
    (at(value, path.slice(0, -1)) as Record<string | number, Json>)[path[path.length - 1] as string | number] = replacement;
    return { value, edit: { kind, path } };
  }
  const containers = [...found.arrays, ...found.objects].filter((path) => kind === 'add' || isFilled(at(value, path)));
  if (containers.length === 0) return undefined;
  const path = random.pick(containers);
  const container = at(value, path) as Json[] | Record<string, Json>;
  if (Array.isArray(container)) {
    if (kind === 'add') {
      const index = random.int(container.length + 1);
      container.splice(index, 0, distinctValue(random));
      return { value, edit: { kind, path, index } };
    }
    // Only elements unlike their neighbours: removing one of two equal ones may rightly take the other.
    const removable = container.flatMap((item, index) =>
      (index > 0 && equal(item, container[index - 1] as Json)) || (index + 1 < container.length && equal(item, container[index + 1] as Json)) ? [] : [index],
    );
    if (removable.length === 0) return undefined;
    const index = random.pick(removable);
    container.splice(index, 1);
    return { value, edit: { kind, path, index } };
  }
  if (kind === 'add') {
    const key = `added ${++unique}`;
    container[key] = distinctValue(random);
    return { value, edit: { kind, path, index: key } };
  }
  const keys = Object.keys(container);
  if (keys.length === 0) return undefined;
  const key = random.pick(keys);
  delete container[key];
  return { value, edit: { kind, path, index: key } };
}

function locate(tree: JsonTree, path: Path): JsonNodeId {
  let node = tree.root;
  for (const segment of path) node = typeof segment === 'number' ? (tree.children(node)[segment] as JsonNodeId) : tree.member(node, segment);
  return node;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The lines an entry at `position` of the container at `path` may touch: from
 * where the entry before it ends (or the container opens) to where the entry
 * after it starts (or the container closes).
 */
function entryLines(text: string, path: Path, position: number, skip: number): [number, number] {
  const tree = parseJsonSource(text).tree;
  const container = locate(tree, path);
  const children = tree.children(container);
  const before = children[position - 1];
  const after = children[position + skip];
  return [
    lineOf(text, before === undefined ? tree.start(container) : tree.end(before) - 1),
    lineOf(text, after === undefined ? tree.end(container) - 1 : tree.entryStart(after)),
  ];
}

/** The position of the entry the edit adds or removes, among the entries of its container in `text`. */
function positionIn(text: string, path: Path, index: number | string): number {
  if (typeof index === 'number') return index;
  const tree = parseJsonSource(text).tree;
  return tree.children(locate(tree, path)).findIndex((member) => tree.key(member) === index);
}

/** Whether `longer` is `shorter` with one contiguous piece inserted. */
function isOneInsertion(shorter: string, longer: string): boolean {
  let head = 0;
  while (head < shorter.length && shorter[head] === longer[head]) head++;
  let tail = 0;
  while (tail < shorter.length - head && shorter[shorter.length - 1 - tail] === longer[longer.length - 1 - tail]) tail++;
  return longer.length > shorter.length && head + tail === shorter.length;
}

const SEEDS = Array.from({ length: 500 }, (_, i) => i + 1);

/**
 * For each seed, a generated document, one random edit of `kind` to a copy of its value, and the
 * text written for the edited value; seeds whose document has no place for such an edit are
 * skipped. `seedFor` gives each test its own documents.
 */
function* editedDocuments(seedFor: (seed: number) => number, kind: Edit['kind']) {
  for (const seed of SEEDS) {
    const random = createRandom(seedFor(seed));
    const { text } = randomDocument(random);
    const source = parseJsonSource(text);
    const done = edit(random, clone(source.value as Json), kind);
    if (done === undefined) continue;
    const output = stringifyPreserving(done.value, source);
    yield { text, source, done, output, context: `seed ${seed} ${JSON.stringify(done.edit)}\n${text}\n---\n${output}` };
  }
}

describe('in-place edits over generated layouts', () => {
  it('returns the source text itself for a no-op, from the parsed or a re-created value', () => {
    for (const seed of SEEDS) {
      const { text } = randomDocument(createRandom(seed));
      const source = parseJsonSource(text);
      expect(stringifyPreserving(source.value, source), `seed ${seed}`).toBe(text);
      expect(stringifyPreserving(JSON.parse(stripBom(text)), source), `seed ${seed}`).toBe(text);
    }
  });

  it.each(['scalar', 'add', 'remove'] as const)('writes exactly the edited value (%s)', (kind) => {
    let applied = 0;
    for (const { source, done, output, context } of editedDocuments((seed) => seed * 31 + kind.length, kind)) {
      applied++;
      expect(JSON.parse(stripBom(output)), context).toEqual(done.value);
      expect(output.startsWith('\ufeff'), context).toBe(source.hasBom);
      expect(parseJsonSource(output).finalNewline, context).toBe(source.finalNewline);
    }
    expect(applied).toBeGreaterThan(SEEDS.length * 0.7);
  });

  it('changes exactly one line for a changed scalar', () => {
    for (const { text, output, context } of editedDocuments((seed) => seed * 7 + 1, 'scalar')) {
      const before = text.split('\n');
      const after = output.split('\n');
      expect(after.length, context).toBe(before.length);
      expect(after.filter((line, i) => line !== before[i]).length, context).toBe(1);
    }
  });

  it.each(['add', 'remove'] as const)('leaves every line outside the entry it %ss unchanged, and every other byte', (kind) => {
    for (const { text, done, output, context } of editedDocuments((seed) => seed * 13 + kind.length, kind)) {
      const { path, index } = done.edit as Extract<Edit, { kind: 'add' | 'remove' }>;
      const [shorter, longer] = kind === 'add' ? [text, output] : [output, text];
      const position = positionIn(longer, path, index);
      // In the text with the entry, its range spans it; in the one without, the gap where it was.
      const [longFrom, longTo] = entryLines(longer, path, position, 1);
      const [shortFrom, shortTo] = entryLines(shorter, path, position, 0);
      const longLines = longer.split('\n');
      const shortLines = shorter.split('\n');
      expect(longLines.slice(0, longFrom), context).toEqual(shortLines.slice(0, shortFrom));
      expect(longLines.slice(longTo + 1), context).toEqual(shortLines.slice(shortTo + 1));
      // Stronger: the rest of the text is byte for byte the same, one contiguous piece apart.
      expect(isOneInsertion(shorter, longer), context).toBe(true);
    }
  });

  it('writes a stable document after several edits', () => {
    for (const seed of SEEDS) {
      const random = createRandom(seed * 101);
      const { text } = randomDocument(random);
      const source = parseJsonSource(text);
      let value = clone(source.value as Json);
      for (let edits = 1 + random.int(4); edits > 0; edits--) value = edit(random, value, random.pick(['scalar', 'add', 'remove'] as const))?.value ?? value;
      const output = stringifyPreserving(value, source);
      const context = `seed ${seed}\n${text}\n---\n${output}`;
      expect(JSON.parse(stripBom(output)), context).toEqual(value);
      expect(stringifyPreserving(value, parseJsonSource(output)), context).toBe(output);
      if (!text.replace(/\r?\n$/, '').includes('\n') && source.tree.childCount(source.tree.root) > 0) {
        // A compact document stays on one line.
        expect(output.replace(/\r?\n$/, '').includes('\n'), context).toBe(false);
      }
    }
  });
});

describe('the generator', () => {
  it('produces every layout it claims to', () => {
    const texts = SEEDS.map((seed) => randomDocument(createRandom(seed)).text);
    expect(texts.some((text) => /\[\{\r?\n/.test(text) && /\}, \{/.test(text))).toBe(true); // hugged
    expect(texts.some((text) => /^\s*\{"[^"\n]*": [^\n]*, "/m.test(text) && text.includes('\n'))).toBe(true); // several keys
    expect(texts.some((text) => text.includes('\r\n'))).toBe(true);
    expect(texts.some((text) => text.startsWith('\ufeff'))).toBe(true);
    expect(texts.some((text) => !text.endsWith('\n'))).toBe(true);
    expect(texts.some((text) => text.includes('\n\t'))).toBe(true);
    expect(texts.some((text) => !text.replace(/\r?\n$/, '').includes('\n') && text.includes('{"'))).toBe(true); // compact
  });
});
