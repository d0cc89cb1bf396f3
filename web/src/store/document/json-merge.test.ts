import { describe, expect, it } from 'vitest';
import { mergeJson3, sameJson } from './json-merge';

const step = (id: string, extra: Record<string, unknown> = {}) => ({ type: 'regular', id, title: id, ...extra });

describe('mergeJson3', () => {
  it('takes the side that changed when only one did', () => {
    const base = { a: 1, b: 2 };
    expect(mergeJson3(base, { a: 1, b: 3 }, base)).toEqual({ value: { a: 1, b: 3 }, conflicts: [] });
    expect(mergeJson3(base, base, { a: 5, b: 2 })).toEqual({ value: { a: 5, b: 2 }, conflicts: [] });
  });

  it('merges different fields of one object and keeps the file’s key order', () => {
    const base = { objective: 'x', title: 't', run_mode: 'a' };
    const mine = { objective: 'mine', title: 't', run_mode: 'a', added: true };
    const theirs = { run_mode: 'b', objective: 'x', title: 't' };
    const { value, conflicts } = mergeJson3(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(Object.keys(value as object)).toEqual(['run_mode', 'objective', 'title', 'added']);
    expect(value).toEqual({ run_mode: 'b', objective: 'mine', title: 't', added: true });
  });

  it('keeps steps added on both sides, mine in mine’s place, theirs after its predecessor', () => {
    const base = { steps: [step('a'), step('b')] };
    const mine = { steps: [step('a'), step('b'), step('mine')] };
    const theirs = { steps: [step('a'), step('theirs'), step('b')] };
    const { value, conflicts } = mergeJson3(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect((value as { steps: Array<{ id: string }> }).steps.map((s) => s.id)).toEqual(['a', 'theirs', 'b', 'mine']);
  });

  it('applies deletions from either side unless the other side changed that step', () => {
    const base = { steps: [step('a'), step('b'), step('c')] };
    const mine = { steps: [step('a'), step('c', { title: 'C!' })] };
    const theirs = { steps: [step('a'), step('b'), step('c')] };
    expect(mergeJson3(base, mine, theirs).value).toEqual(mine);
    const theirsDeleted = { steps: [step('a'), step('b')] };
    const { value, conflicts } = mergeJson3(base, mine, theirsDeleted);
    expect((value as { steps: Array<{ id: string }> }).steps.map((s) => s.id)).toEqual(['a', 'c']);
    expect(conflicts).toEqual(['$.steps.c']);
  });

  it('reports a value changed on both sides and keeps mine there', () => {
    const base = { steps: [step('a', { title: 'A' })] };
    const { value, conflicts } = mergeJson3(base, { steps: [step('a', { title: 'mine' })] }, { steps: [step('a', { title: 'theirs', description: 'd' })] });
    expect(value).toEqual({ steps: [step('a', { title: 'mine', description: 'd' })] });
    expect(conflicts).toEqual(['$.steps[0].title']);
  });

  it('merges routes by route_id and plain lists as whole values', () => {
    const base = { predefined_routes: [{ route_id: 'r1', condition: '' }], options: ['x'] };
    const mine = { predefined_routes: [{ route_id: 'r1', condition: 'mine' }], options: ['x', 'y'] };
    const theirs = { predefined_routes: [{ route_id: 'r1', condition: '' }, { route_id: 'r2' }], options: ['z'] };
    const { value, conflicts } = mergeJson3(base, mine, theirs);
    expect(value).toEqual({ predefined_routes: [{ route_id: 'r1', condition: 'mine' }, { route_id: 'r2' }], options: ['x', 'y'] });
    expect(conflicts).toEqual(['$.options']);
  });

  it('removes a key deleted on one side', () => {
    expect(mergeJson3({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 2, c: 3 }).value).toEqual({ a: 1, c: 3 });
  });
});

describe('sameJson', () => {
  it('compares by content, key order aside', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});
