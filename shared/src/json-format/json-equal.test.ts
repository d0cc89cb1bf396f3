import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal';

describe('jsonEqual', () => {
  it('ignores object key order, not array order', () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual({ option_routes: { 0: 'a', reject: 'b', 2: 'c' } }, { option_routes: { reject: 'b', 2: 'c', 0: 'a' } })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
  it('tells values, types and missing keys apart', () => {
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual({ a: { b: [{ c: true }] } }, { a: { b: [{ c: true }] } })).toBe(true);
  });
});
