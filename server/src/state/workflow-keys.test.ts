import { describe, expect, it } from 'vitest';
import { putEntry } from './own-keys';
import { copyEntry, isSameOrUnder, moveEntriesUnder, removeEntriesUnder } from './workflow-keys';

/** A map as JSON.parse makes it: `__proto__` an own key like any other. */
const parsed = (json: string): Record<string, number> => JSON.parse(json) as Record<string, number>;

describe('entries keyed by workflow id', () => {
  it('"under" is the id itself or a workflow in its folder, never a sibling sharing the prefix', () => {
    expect(isSameOrUnder('A', 'A')).toBe(true);
    expect(isSameOrUnder('A/B', 'A')).toBe(true);
    expect(isSameOrUnder('AB', 'A')).toBe(false);
    expect(isSameOrUnder('A', 'A/B')).toBe(false);
  });

  it('moves the entries under an id, dropping stale ones at the new id', () => {
    const record = parsed('{"A": 1, "A/B": 2, "AB": 3, "N": 9, "N/old": 8}');
    moveEntriesUnder(record, 'A', 'N');
    expect(record).toEqual({ AB: 3, N: 1, 'N/B': 2 });
  });

  it('moves to and from __proto__ and constructor as own entries, never touching a prototype', () => {
    const record = parsed('{"__proto__": 1, "__proto__/x": 2, "other": 3}');
    moveEntriesUnder(record, '__proto__', 'constructor');
    expect(Object.keys(record).sort()).toEqual(['constructor', 'constructor/x', 'other']);
    expect(record.constructor).toBe(1);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    moveEntriesUnder(record, 'constructor', '__proto__');
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(record))).toEqual(parsed('{"__proto__": 1, "__proto__/x": 2, "other": 3}'));
    removeEntriesUnder(record, '__proto__');
    expect(Object.keys(record)).toEqual(['other']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('copies an entry (not those in its folder) as a separate value', () => {
    const record: Record<string, { n: number }> = {};
    putEntry(record, 'A', { n: 1 });
    putEntry(record, 'A/B', { n: 2 });
    copyEntry(record, 'A', '__proto__');
    expect(Object.keys(record)).toEqual(['A', 'A/B', '__proto__']);
    record['A']!.n = 5;
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toEqual({ n: 1 });
  });
});
