import { describe, expect, it } from 'vitest';
import type { SequenceItem } from '../plan/items';
import { addItem, moveItem, removeItem, setItemType, updateItem } from './items';

const items: SequenceItem[] = [
  { id: 'tone', type: 'user_message', message: 'Use the tone guide', custom: 1 } as SequenceItem,
  { id: 'per-reply', type: 'foreach', message: 'Draft {{.id}}', source_sql: 'SELECT id FROM t', max_iterations: 25 },
  { id: 'written', type: 'prevalidation', validation_schema: { files: [{ file_name: 'replies.json', must_exist: true }] } },
];

describe('items editing', () => {
  it('adds an item of a type with a fresh id, at the end or at an index, leaving the others as they are', () => {
    const added = addItem(items, 'foreach');
    expect(added.at(-1)).toEqual({ id: 'item-4', type: 'foreach', message: '', source_sql: '', max_iterations: 10 });
    expect(added.slice(0, 3)).toEqual(items);
    expect(added[0]).toBe(items[0]);
    const first = addItem([{ id: 'item-2' }, { id: 'item-3' }], 'user_message', 0);
    expect(first[0]).toEqual({ id: 'item-4', type: 'user_message', message: '' });
  });

  it('removes and reorders', () => {
    expect(removeItem(items, 1).map((i) => i.id)).toEqual(['tone', 'written']);
    expect(moveItem(items, 2, 0).map((i) => i.id)).toEqual(['written', 'tone', 'per-reply']);
    expect(moveItem(items, 0, 5)).toEqual(items);
  });

  it('updates fields of one item, removing those set to undefined, keeping unknown ones', () => {
    const next = updateItem(items, 0, { message: 'New', title: 'Tone' });
    expect(next[0]).toEqual({ id: 'tone', type: 'user_message', message: 'New', custom: 1, title: 'Tone' });
    expect(updateItem(items, 1, { source_sql: undefined })[1]).toEqual({ id: 'per-reply', type: 'foreach', message: 'Draft {{.id}}', max_iterations: 25 });
    expect(next[1]).toBe(items[1]);
  });

  it('never reaches a prototype through a user key', () => {
    const next = updateItem(items, 0, { ['__proto__']: { polluted: true } });
    expect(Object.getPrototypeOf(next[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(next[0]!)).toContain('__proto__');
  });

  it('changes the type, adding what the new type needs and keeping the old fields', () => {
    const foreach = setItemType(items, 0, 'foreach')[0]!;
    expect(foreach).toEqual({ id: 'tone', type: 'foreach', message: 'Use the tone guide', custom: 1, source_sql: '', max_iterations: 10 });
    const back = setItemType([foreach], 0, 'user_message')[0]!;
    expect(back).toMatchObject({ type: 'user_message', message: 'Use the tone guide', max_iterations: 10 });
  });
});
