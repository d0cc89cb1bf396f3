import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';

// What a JavaScript value becomes, exactly as with JSON.stringify.
describe('stringifyPreserving: edits', () => {
  it('treats undefined members as removed and undefined elements as null, like JSON.stringify', () => {
    const source = parseJsonSource('{\n  "a": 1,\n  "b": [1, 2],\n  "c": 3\n}\n');
    const output = stringifyPreserving({ a: undefined, b: [1, undefined], c: () => 3 }, source);
    expect(output).toBe('{\n  "b": [1, null]\n}\n');
  });

  it('writes new strings like JSON.stringify, without escaping non-ASCII', () => {
    const source = parseJsonSource('{\n  "a": "x"\n}\n');
    expect(stringifyPreserving({ a: 'é 😀 "q" \\ \n \u0001' }, source)).toBe(`{\n  "a": ${JSON.stringify('é 😀 "q" \\ \n \u0001')}\n}\n`);
  });

  it('round-trips "__proto__" as an ordinary key', () => {
    const text = '{\n  "__proto__": {\n    "x": 1\n  },\n  "y": 2\n}\n';
    const source = parseJsonSource(text);
    const value = JSON.parse(text) as Record<string, unknown>;
    value.y = 3;
    expect(stringifyPreserving(value, source)).toBe('{\n  "__proto__": {\n    "x": 1\n  },\n  "y": 3\n}\n');
  });

  it('follows JSON.stringify for toJSON, boxed primitives, NaN, cycles and BigInt', () => {
    const source = parseJsonSource('{\n  "a": 1\n}\n');
    expect(stringifyPreserving({ a: 1, when: new Date(0), boxed: new String('s'), nan: NaN, inf: -Infinity }, source)).toBe(
      '{\n  "a": 1,\n  "when": "1970-01-01T00:00:00.000Z",\n  "boxed": "s",\n  "nan": null,\n  "inf": null\n}\n',
    );
    const echoKey = { toJSON: (key: string) => `key ${JSON.stringify(key)}` };
    expect(stringifyPreserving({ a: 1, list: [echoKey], named: echoKey }, source)).toBe(
      '{\n  "a": 1,\n  "list": [\n    "key \\"0\\""\n  ],\n  "named": "key \\"named\\""\n}\n',
    );
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => stringifyPreserving(cyclic, source)).toThrow(/circular/);
    expect(() => stringifyPreserving({ a: 1n }, source)).toThrow(/BigInt/);
  });
});
