import { describe, expect, it } from 'vitest';
import { JsonDepthError, jsonWriteMessages } from './json-write-error';
import { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';
import { planText, planToEdit, planValue, roundTripped, writePlan, type PlanStep } from '../test-support/plan-document';

// The entry point: writing without a source, no-op saves, the text around the root, the depth limit.
describe('stringifyPreserving without a source', () => {
  it('writes what real planvas writers write', () => {
    const plan = planValue();
    expect(stringifyPreserving(plan)).toBe(`${JSON.stringify(plan, null, 2)}\n`);
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => stringifyPreserving(undefined)).toThrow(TypeError);
    expect(() => stringifyPreserving(undefined, parseJsonSource('{}'))).toThrow(TypeError);
  });
});

describe('stringifyPreserving: a no-op save is byte-identical', () => {
  const handWritten = [
    '{\n',
    '  "title" :  "spaced\\u0020out",\n',
    '  "inline": ["a", "b" , 3],\n',
    '  "numbers": [1.0, 1e3, -0.0, 12345678901234567890, 0.1000000000000000055511151231257827],\n',
    '  "escapes": "\\u00e9\\n\\/\\ud83d\\ude00",\n',
    '  "nested": {"x": {"y": [ ]}},\n',
    '\n',
    '  "last": null\n',
    '}',
  ].join('');
  const cases: [string, string][] = [
    ['2-space', planText],
    ['4-space', `${writePlan(4)}\n`],
    ['tab', `${writePlan('\t')}\n`],
    ['CRLF', `${writePlan().replace(/\n/g, '\r\n')}\r\n`],
    ['no final newline', writePlan()],
    ['BOM', `\ufeff${planText}`],
    ['minified', writePlan(0)],
    ['Python json.dumps default', writePlan(0).replace(/,"/g, ', "').replace(/":/g, '": ')],
    ['hand-written', handWritten],
    ['top-level array', '[\n  {"id": "a"},\n  {"id": "b"}\n]\n'],
    ['scalar root', '  "just text"  \n'],
    ['duplicate keys', '{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n'],
  ];

  it.each(cases)('%s', (_name, text) => {
    const source = parseJsonSource(text);
    expect(stringifyPreserving(source.value, source)).toBe(text);
    expect(stringifyPreserving(roundTripped(source.value), source)).toBe(text);
  });

  it('compares numbers by value, so 1 equals the original 1.0 and huge integers survive', () => {
    const text = '{\n  "a": 1.0,\n  "big": 12345678901234567890,\n  "inf": 1e400\n}\n';
    const source = parseJsonSource(text);
    // eslint-disable-next-line no-loss-of-precision -- the point: the file's spelling survives a number JS cannot hold.
    expect(stringifyPreserving({ a: 1, big: 12345678901234567890, inf: Infinity }, source)).toBe(text);
  });
});

describe('stringifyPreserving: edits', () => {
  it('keeps CRLF line breaks and the absent final newline around an edit', () => {
    const text = writePlan().replace(/\n/g, '\r\n');
    const { source, plan } = planToEdit(text);
    (plan.steps[0] as PlanStep).title = 'Collect';
    (plan.steps[3] as PlanStep).extra = { nested: [1, { deep: true }] };
    const output = stringifyPreserving(plan, source);
    expect(output.replace(/\r\n/g, '')).not.toContain('\n');
    expect(output.endsWith('}')).toBe(true);
    expect(JSON.parse(output)).toEqual(plan);
    expect(output).toContain('"extra": {\r\n        "nested": [\r\n          1,\r\n          {\r\n            "deep": true');
  });

  it('keeps a BOM when rewriting', () => {
    const source = parseJsonSource(`\ufeff${planText}`);
    const plan = planValue();
    plan.objective = 'Ship it';
    const output = stringifyPreserving(plan, source);
    expect(output.startsWith('\ufeff{\n  "objective": "Ship it",')).toBe(true);
  });

  it('keeps the text around a rewritten scalar root', () => {
    const source = parseJsonSource('  "old"  \n');
    expect(stringifyPreserving('new', source)).toBe('  "new"  \n');
  });
});

describe('stringifyPreserving: the depth limit the reader has', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = [];
    for (let i = 1; i < depth; i++) value = [value];
    return value;
  };
  const source = parseJsonSource('{\n  "a": 1\n}\n');

  it('writes values as deep as the reader accepts, and they read back', () => {
    const deepest = nested(MAX_JSON_DEPTH);
    expect(parseJsonSource(stringifyPreserving(deepest)).value).toEqual(deepest);
    const inFile = stringifyPreserving(nested(MAX_JSON_DEPTH), parseJsonSource('[\n  1\n]\n'));
    expect(parseJsonSource(inFile).value).toEqual(deepest);
    expect(() => parseJsonSource(stringifyPreserving({ a: nested(MAX_JSON_DEPTH - 1) }, source))).not.toThrow();
  });

  it('refuses anything deeper with a JsonDepthError (400 for servers), with or without a source', () => {
    const tooDeep = nested(MAX_JSON_DEPTH + 1);
    for (const write of [
      () => stringifyPreserving(tooDeep),
      () => stringifyPreserving(tooDeep, parseJsonSource('[\n  1\n]\n')),
      () => stringifyPreserving({ a: nested(MAX_JSON_DEPTH) }, source),
      () => stringifyPreserving(tooDeep, undefined, { spellings: parseJsonSource('[]') }),
      () => stringifyPreserving(nested(200_000)),
      () => stringifyPreserving({ a: nested(200_000) }, source),
    ]) {
      let error: unknown;
      try {
        write();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(JsonDepthError);
      expect(error).toMatchObject({ statusCode: 400, code: 'too_deep', message: jsonWriteMessages.tooDeep(MAX_JSON_DEPTH) });
    }
  });

  it('does not count brackets inside strings', () => {
    expect(stringifyPreserving({ s: '['.repeat(MAX_JSON_DEPTH + 5) })).toContain('[[[');
  });
});
