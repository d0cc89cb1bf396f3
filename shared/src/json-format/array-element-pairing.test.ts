import { describe, expect, it } from 'vitest';
import { identityKeyOf, pairArrayElements } from './array-element-pairing';
import { parseJsonSource } from './parse-json-source';

function arrayOf(text: string) {
  const { tree, value } = parseJsonSource(text);
  return { tree, array: tree.root, value: value as unknown[] };
}

describe('identityKeyOf', () => {
  it('uses id when every element has a distinct string id', () => {
    const { tree, array } = arrayOf('[{"id": "a"}, {"id": "b", "route_id": "x"}]');
    expect(identityKeyOf(tree, array)).toBe('id');
  });

  it('uses route_id for routes', () => {
    const { tree, array } = arrayOf('[{"route_id": "a", "sub_agent_step": {"id": "s"}}, {"route_id": "b"}]');
    expect(identityKeyOf(tree, array)).toBe('route_id');
  });

  it.each([
    ['scalars', '["a", "b"]'],
    ['an empty array', '[]'],
    ['repeated ids', '[{"id": "a"}, {"id": "a"}]'],
    ['a missing id', '[{"id": "a"}, {"title": "b"}]'],
    ['a numeric id', '[{"id": "a"}, {"id": 2}]'],
    ['mixed elements', '[{"id": "a"}, "b"]'],
  ])('falls back to positions for %s', (_name, text) => {
    const { tree, array } = arrayOf(text);
    expect(identityKeyOf(tree, array)).toBeNull();
  });

  it('reads the id the parsed value keeps when a key repeats', () => {
    const { tree, array } = arrayOf('[{"id": "a", "id": "b"}, {"id": "a"}]');
    expect(identityKeyOf(tree, array)).toBe('id');
  });
});

describe('pairArrayElements', () => {
  const text = '[{"id": "a"}, {"id": "b"}, {"id": "c"}]';

  it('returns null (pair by position) when there is no identity key', () => {
    const { tree, array } = arrayOf('[1, 2, 3]');
    expect(pairArrayElements(tree, array, [3, 2, 1])).toBeNull();
  });

  it('follows elements by id through insertions, removals and moves', () => {
    const { tree, array } = arrayOf(text);
    const pairs = pairArrayElements(tree, array, [{ id: 'c' }, { id: 'new' }, { id: 'a' }]);
    // "new" takes the unmatched original "b": an edit that renamed b's id.
    expect(Array.from(pairs ?? [])).toEqual([2, 1, 0]);
  });

  it('leaves extra new elements unpaired once every original is taken', () => {
    const { tree, array } = arrayOf(text);
    const values = [{ id: 'a' }, { id: 'x' }, { id: 'b' }, { id: 'c' }, { title: 'no id' }];
    expect(Array.from(pairArrayElements(tree, array, values) ?? [])).toEqual([0, -1, 1, 2, -1]);
  });

  it('pairs a repeated new id only once', () => {
    const { tree, array } = arrayOf(text);
    expect(Array.from(pairArrayElements(tree, array, [{ id: 'a' }, { id: 'a' }]) ?? [])).toEqual([0, 1]);
  });
});
