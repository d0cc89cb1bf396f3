import { describe, expect, it } from 'vitest';
import { deleteIn, getIn, mergeShallow, setIn, updateIn, withoutKey } from './immutable';

const tree = () => ({ a: { b: [{ c: 1 }, { c: 2 }] }, other: { untouched: true } });

describe('copy-on-write paths', () => {
  it('copies only the containers along the path', () => {
    const root = tree();
    const next = setIn(root, ['a', 'b', 1, 'c'], 3);
    expect(next).toEqual({ a: { b: [{ c: 1 }, { c: 3 }] }, other: { untouched: true } });
    expect(next.other).toBe(root.other);
    expect(next.a.b[0]).toBe(root.a.b[0]);
    expect(next.a).not.toBe(root.a);
    expect(root.a.b[1]?.c).toBe(2);
  });

  it('returns the root itself when the value is already there', () => {
    const root = tree();
    expect(setIn(root, ['a', 'b', 0, 'c'], 1)).toBe(root);
    expect(updateIn(root, ['other'], (v) => v)).toBe(root);
    expect(deleteIn(root, ['a', 'missing'])).toBe(root);
  });

  it('appends a new key and deletes keeping the order of the others', () => {
    const root = { x: 1, y: 2, z: 3 };
    expect(Object.keys(setIn(root, ['w'], 0))).toEqual(['x', 'y', 'z', 'w']);
    expect(Object.keys(setIn(root, ['x'], 9))).toEqual(['x', 'y', 'z']);
    expect(Object.keys(deleteIn(root, ['y']))).toEqual(['x', 'z']);
    expect(deleteIn({ list: [1, 2, 3] }, ['list', 1])).toEqual({ list: [1, 3] });
  });

  it('refuses to write through a missing container', () => {
    expect(() => setIn(tree(), ['nope', 'deeper'], 1)).toThrow(/no container at \$\.nope/);
    expect(() => setIn(tree(), ['a', 'b', 5, 'c'], 1)).toThrow(/no element at \$\.a\.b\[5\]/);
  });

  it('reads paths and merges shallowly, undefined removing a key', () => {
    const root = tree();
    expect(getIn(root, ['a', 'b', 1, 'c'])).toBe(2);
    expect(getIn(root, ['a', 'x', 'y'])).toBeUndefined();
    const object = { a: 1, b: 2 };
    expect(mergeShallow(object, { a: 1 })).toBe(object);
    expect(mergeShallow(object, { c: undefined })).toBe(object);
    expect(mergeShallow(object, { a: undefined, c: 3 })).toEqual({ b: 2, c: 3 });
    expect(withoutKey(object, 'zzz')).toBe(object);
  });
});
