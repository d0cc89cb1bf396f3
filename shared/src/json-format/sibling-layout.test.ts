import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './parse-json-source';
import { stringifyPreserving } from './stringify-preserving';

// One-line layouts read from the original: a container's own separators, else the file's.
describe('stringifyPreserving: edits', () => {
  it('keeps an inline container on its one line when it gets a new object', () => {
    const source = parseJsonSource('{\n  "list": [1, 2]\n}\n');
    expect(stringifyPreserving({ list: [1, { a: 2 }] }, source)).toBe('{\n  "list": [1, {"a": 2}]\n}\n');
  });

  it("takes separators a one-line container does not show from the file's other one-line containers", () => {
    const text = '{\n  "a": [{"x":1}],\n  "b": {"y":2,"z":3}\n}\n';
    const output = stringifyPreserving({ a: [{ x: 1 }, { x: 2, w: 3 }], b: { y: 2, z: 3 } }, parseJsonSource(text));
    expect(output).toBe('{\n  "a": [{"x":1},{"x":2,"w":3}],\n  "b": {"y":2,"z":3}\n}\n');
  });

  it('keeps single-line documents on one line with their own separators', () => {
    const python = '{"steps": [{"id": "a"}], "n": 1}\n';
    expect(stringifyPreserving({ steps: [{ id: 'a' }, { id: 'b', x: [1, 2] }], n: 1 }, parseJsonSource(python))).toBe(
      '{"steps": [{"id": "a"}, {"id": "b", "x": [1, 2]}], "n": 1}\n',
    );
    const minified = '{"steps":[{"id":"a"}],"n":1}';
    expect(stringifyPreserving({ steps: [{ id: 'a', y: { z: 1 } }], n: 2 }, parseJsonSource(minified))).toBe('{"steps":[{"id":"a","y":{"z":1}}],"n":2}');
  });
});
