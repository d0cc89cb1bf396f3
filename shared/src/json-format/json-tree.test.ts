import { describe, expect, it } from 'vitest';
import { JsonKind } from './json-tree';
import { parseJsonSource } from './parse-json-source';

function elements(text: string) {
  const { tree } = parseJsonSource(text);
  return { tree, nodes: tree.children(tree.root) };
}

describe('JsonTree', () => {
  it('decodes scalars as JSON.parse does', () => {
    const text = String.raw`["plain", "esc\u00e9\n", 1.50, -2e3, true, false, null]`;
    const { tree, nodes } = elements(text);
    expect(nodes.map((node) => tree.scalarValue(node))).toEqual(JSON.parse(text));
    expect(nodes.map((node) => tree.kind(node))).toEqual([
      JsonKind.String,
      JsonKind.String,
      JsonKind.Number,
      JsonKind.Number,
      JsonKind.True,
      JsonKind.False,
      JsonKind.Null,
    ]);
  });

  it('compares scalars by meaning, not spelling', () => {
    const { tree, nodes } = elements(String.raw`["caf\u00e9", "plain", 1.0, 1e400, null, "1", true]`);
    const [escaped, plain, one, huge, nil, text, yes] = nodes as [number, number, number, number, number, number, number];
    expect(tree.scalarEquals(escaped, 'café')).toBe(true);
    expect(tree.scalarEquals(escaped, 'cafe')).toBe(false);
    expect(tree.scalarEquals(plain, 'plain')).toBe(true);
    expect(tree.scalarEquals(plain, 'plai')).toBe(false);
    expect(tree.scalarEquals(one, 1)).toBe(true);
    expect(tree.scalarEquals(one, '1')).toBe(false);
    expect(tree.scalarEquals(huge, Infinity)).toBe(true);
    expect(tree.scalarEquals(nil, null)).toBe(true);
    expect(tree.scalarEquals(nil, NaN)).toBe(true);
    expect(tree.scalarEquals(nil, 0)).toBe(false);
    expect(tree.scalarEquals(text, 1)).toBe(false);
    expect(tree.scalarEquals(yes, true)).toBe(true);
    expect(tree.scalarEquals(yes, 1)).toBe(false);
  });

  it('walks children and siblings over nested subtrees', () => {
    const { tree, nodes } = elements('[[1, [2, 3]], {"a": {"b": 4}}, 5]');
    expect(nodes.map((node) => tree.raw(node))).toEqual(['[1, [2, 3]]', '{"a": {"b": 4}}', '5']);
    const [first] = nodes;
    expect(first === undefined ? [] : tree.children(first).map((node) => tree.raw(node))).toEqual(['1', '[2, 3]']);
    expect(tree.childCount(tree.root)).toBe(3);
    expect(tree.firstChild(nodes[2] ?? -1)).toBe(-1);
  });

  it('refuses to read a container as a scalar', () => {
    const { tree } = parseJsonSource('{}');
    expect(() => tree.scalarValue(tree.root)).toThrow(TypeError);
  });
});
