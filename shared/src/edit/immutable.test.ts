import { describe, expect, it } from 'vitest';
import { deleteIn, getIn, mergeShallow, reconcile, setIn, updateIn, withoutKey } from './immutable';

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

describe('reconcile', () => {
  it('keeps the previous objects of parts equal in content', () => {
    const previous = {
      llm: { provider: 'openai', model_id: 'a' },
      turns: 3,
      list: [
        { id: 'x', v: 1 },
        { id: 'y', v: 2 },
      ],
    };
    expect(reconcile(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
    expect(reconcile(previous, { turns: 3, list: previous.list, llm: { model_id: 'a', provider: 'openai' } })).toBe(previous);
    const changed = reconcile(previous, { ...JSON.parse(JSON.stringify(previous)), turns: 4 });
    expect(changed).not.toBe(previous);
    expect(changed.llm).toBe(previous.llm);
    expect(changed.list).toBe(previous.list);
  });

  it('matches array elements by id, so a moved element keeps its object', () => {
    const previous = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    const next = reconcile(previous, [
      { id: 'c', n: 2 },
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ]);
    expect(next[1]).toBe(previous[1]);
    expect(next[2]).toBe(previous[0]);
    expect(next[0]).toEqual({ id: 'c', n: 2 });
    expect(reconcile([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    const base = { a: 1 };
    expect(reconcile(base, { a: 1, b: 2 })).not.toBe(base);
    expect(reconcile(base, {})).not.toBe(base);
  });

  it('lets mergeShallow keep an equal value object', () => {
    const object = { llm: { provider: 'openai', model_id: 'a' } };
    expect(mergeShallow(object, { llm: { provider: 'openai', model_id: 'a' } })).toBe(object);
  });
});

describe('user keys that name the prototype', () => {
  it('reads __proto__ as an own field only (never Object.prototype)', () => {
    expect(getIn({ a: {} }, ['a', '__proto__'])).toBeUndefined();
    expect(getIn(JSON.parse('{"__proto__": {"x": 1}}'), ['__proto__', 'x'])).toBe(1);
  });

  it('keeps __proto__ and constructor as own keys through merge, reconcile, set and delete', () => {
    const merged = mergeShallow({ cases: { a: 'r1' } }, { cases: JSON.parse('{"a": "r1", "__proto__": "r2"}') });
    expect(Object.keys(merged.cases)).toEqual(['a', '__proto__']);
    expect(Object.getPrototypeOf(merged.cases)).toBe(Object.prototype);
    const reconciled = reconcile({ a: 1 }, JSON.parse('{"a": 1, "__proto__": {"polluted": true}}'));
    expect(Object.keys(reconciled)).toEqual(['a', '__proto__']);
    expect((reconciled as { polluted?: unknown }).polluted).toBeUndefined();
    const set = setIn({ a: {} }, ['a', 'constructor'], 'x');
    expect(Object.keys(set.a)).toEqual(['constructor']);
    const withBoth = JSON.parse('{"__proto__": 1, "b": 2}');
    expect(Object.keys(deleteIn(withBoth, ['b']))).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
