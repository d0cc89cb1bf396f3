import { describe, expect, it } from 'vitest';
import type { TodoItem } from './schema';
import { todoTree } from './tree';
import { todoProgress, todoSummaryLine, summarizeTodos } from './progress';
import { normalizeTodoStatus, isClosedStatus, isCompletedStatus } from './status';

const todo = (id: string, depth: number | undefined, status = 'open'): TodoItem => ({ id, title: id, status, ...(depth !== undefined ? { depth } : {}) });

describe('todoTree', () => {
  it('numbers a pre-ordered list from depth: 1, 1.1, 1.1.1, 1.2, 2', () => {
    const rows = todoTree([todo('a', 0), todo('b', 1), todo('c', 2), todo('d', 1), todo('e', undefined)]);
    expect(rows.map((r) => r.number)).toEqual(['1', '1.1', '1.1.1', '1.2', '2']);
    expect(rows.map((r) => r.parentIndex)).toEqual([undefined, 0, 1, 0, undefined]);
    expect(rows.map((r) => r.isLeaf)).toEqual([false, false, true, true, true]);
  });

  it('clamps an orphaned deeper item to one level below the previous row', () => {
    const rows = todoTree([todo('a', 2), todo('b', 3), todo('c', 0), todo('d', 5)]);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 0, 1]);
    expect(rows.map((r) => r.number)).toEqual(['1', '1.1', '2', '2.1']);
  });

  it('restarts child numbering under each parent', () => {
    const rows = todoTree([todo('a', 0), todo('a1', 1), todo('b', 0), todo('b1', 1), todo('b2', 1)]);
    expect(rows.map((r) => r.number)).toEqual(['1', '1.1', '2', '2.1', '2.2']);
  });
});

describe('progress', () => {
  it('counts leaf todos only, so a checked parent does not inflate progress', () => {
    const todos = [todo('p', 0, 'completed'), todo('c1', 1, 'completed'), todo('c2', 1, 'in_progress'), todo('x', 0, 'blocked'), todo('y', 0)];
    const progress = todoProgress(todos);
    expect(progress).toEqual({ total: 4, completed: 1, active: 1, blocked: 1, open: 1 });
    expect(todoSummaryLine(progress)).toBe('todos 1/4 · active 1 · blocked 1');
  });

  it('omits zero active and blocked parts', () => {
    expect(todoSummaryLine(todoProgress([todo('a', 0, 'done'), todo('b', 0)]))).toBe('todos 1/2');
    expect(todoSummaryLine(todoProgress([]))).toBe('todos 0/0');
  });

  it('summarizes every item into the four status buckets for todos.json', () => {
    expect(summarizeTodos([todo('a', 0, 'delegated'), todo('b', 1, 'needs_user'), todo('c', 0, 'skipped'), todo('d', 0, 'ready')])).toEqual({
      total: 4,
      open: 1,
      in_progress: 1,
      completed: 1,
      blocked: 1,
    });
  });
});

describe('status normalisation', () => {
  it('maps the richer statuses onto the four buckets', () => {
    expect(['planned', 'ready', 'open', 'weird'].map(normalizeTodoStatus)).toEqual(['open', 'open', 'open', 'open']);
    expect(['in_progress', 'delegated', 'claim_returned', 'needs_review', 'needs_oracle'].map(normalizeTodoStatus)).toEqual(Array(5).fill('in_progress'));
    expect(['blocked', 'needs_user'].map(normalizeTodoStatus)).toEqual(['blocked', 'blocked']);
    expect(['completed', 'done', 'skipped', 'DONE'].map(normalizeTodoStatus)).toEqual(Array(4).fill('completed'));
  });

  it('tells closed from completed', () => {
    expect(isClosedStatus('skipped')).toBe(true);
    expect(isCompletedStatus('skipped')).toBe(false);
    expect(isCompletedStatus('done')).toBe(true);
  });
});
