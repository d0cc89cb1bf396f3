import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';
import { planValue } from '../test-support/plan-document';

describe('stringifyPreserving: numbers as the body spelled them', () => {
  /** What a server does with a request body: parse it once, keep the text's spellings. */
  function save(fileText: string, bodyText: string): string {
    const body = parseJsonSource(bodyText);
    return stringifyPreserving(body.value, parseJsonSource(fileText), { spellings: body });
  }

  it('writes new and changed numbers as the body spelled them, not as JavaScript would', () => {
    const file = '{\n  "a": 5,\n  "b": 6\n}\n';
    const body = '{"a": 12345678901234567890, "b": 1e400, "c": 1.0, "d": -0, "e": [1E3, 0.10]}';
    expect(save(file, body)).toBe('{\n  "a": 12345678901234567890,\n  "b": 1e400,\n  "c": 1.0,\n  "d": -0,\n  "e": [\n    1E3,\n    0.10\n  ]\n}\n');
  });

  it('keeps the file as it is when the body spells everything as the file does', () => {
    const file = '{\n  "inf": 1e400,\n  "one": 1.0,\n  "big": 12345678901234567890\n}\n';
    expect(save(file, file)).toBe(file);
    const edited = file.replace('"one": 1.0', '"one": 2.50');
    expect(save(file, edited)).toBe(edited);
  });

  it('takes a deliberate re-spelling of the same number, but not the canonical one any JSON.stringify client sends', () => {
    const file = '{\n  "a": 1,\n  "b": 1.0,\n  "c": 12345678901234567890,\n  "d": 0,\n  "t": "x"\n}\n';
    // A browser got 1, 1, 12345678901234567000 and 0 from JSON.stringify and sends them back with one edit.
    const browser = JSON.stringify({ ...(JSON.parse(file) as object), t: 'y' });
    expect(save(file, browser)).toBe(file.replace('"x"', '"y"'));
    // A client that spells numbers on purpose gets its spelling.
    expect(save(file, '{"a": 1.0, "b": 1.0, "c": 1.2345678901234567890e19, "d": -0, "t": "x"}')).toBe(
      '{\n  "a": 1.0,\n  "b": 1.0,\n  "c": 1.2345678901234567890e19,\n  "d": -0,\n  "t": "x"\n}\n',
    );
  });

  it('writes a body 1e400 over a file null, though JSON.stringify would call them equal', () => {
    expect(save('{\n  "x": null\n}\n', '{"x": 1e400}')).toBe('{\n  "x": 1e400\n}\n');
  });

  it('walks the body by key and index: any key order, duplicate keys (the last wins), nested fresh values', () => {
    const file = '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 1\n    }\n  ]\n}\n';
    const body = '{"steps": [{"n": 1.50, "id": "a"}, {"id": "b", "n": 0, "n": 2.0, "deep": {"x": [1e999]}}]}';
    expect(save(file, body)).toBe(
      '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 1.50\n    },\n    {\n      "id": "b",\n      "n": 2.0,\n      "deep": {\n        "x": [\n          1e999\n        ]\n      }\n    }\n  ]\n}\n',
    );
  });

  it('ignores a body number at the same path that is not the value being written', () => {
    const file = '{\n  "n": 1\n}\n';
    const body = parseJsonSource('{"n": 2.0}');
    expect(stringifyPreserving({ n: 3 }, parseJsonSource(file), { spellings: body })).toBe('{\n  "n": 3\n}\n');
    expect(stringifyPreserving({ n: Infinity }, parseJsonSource(file), { spellings: body })).toBe('{\n  "n": null\n}\n');
  });

  it('meets the body where the value is a member of it, or holds it (step_config forms)', () => {
    const body = parseJsonSource('{"steps": [{"id": "a", "n": 1e400}]}');
    const steps = (body.value as { steps: unknown[] }).steps;
    expect(stringifyPreserving(steps, parseJsonSource('[\n  {\n    "id": "a",\n    "n": 1\n  }\n]\n'), { spellings: body })).toBe(
      '[\n  {\n    "id": "a",\n    "n": 1e400\n  }\n]\n',
    );
    const arrayBody = parseJsonSource('[{"id": "a", "n": 2.0}]');
    expect(stringifyPreserving({ steps: arrayBody.value }, parseJsonSource('{\n  "steps": []\n}\n'), { spellings: arrayBody })).toBe(
      '{\n  "steps": [\n    {\n      "id": "a",\n      "n": 2.0\n    }\n  ]\n}\n',
    );
  });

  it('spells numbers without a source too, in the JSON.stringify layout', () => {
    const body = parseJsonSource('{"a": [1.0, {"b": 1e400}], "s": "x"}');
    expect(stringifyPreserving(body.value, undefined, { spellings: body })).toBe(
      '{\n  "a": [\n    1.0,\n    {\n      "b": 1e400\n    }\n  ],\n  "s": "x"\n}\n',
    );
    const plain = planValue();
    expect(stringifyPreserving(plain, undefined, { spellings: parseJsonSource(JSON.stringify(plain)) })).toBe(`${JSON.stringify(plain, null, 2)}\n`);
  });
});
