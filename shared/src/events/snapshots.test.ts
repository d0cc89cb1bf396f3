import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../todos/schema';
import { FULL_SNAPSHOT_MAX_TODOS, SNAPSHOT_KEYFRAME_EVERY, TodoSnapshotEncoder, materializeTodoSnapshots, todoStateAt } from './snapshots';
import { TodoSnapshot } from './payloads';

const snap = (iteration: number, objective: string, step_id = 's') => ({ type: 'todo_snapshot', data: { step_id, iteration, objective, todos: [] } });
const item = (id: string, status = 'open'): TodoItem => ({ id, title: id, status });

describe('todoStateAt', () => {
  it('returns the snapshot of the iteration, else the latest earlier one, for that step only', () => {
    const events = [snap(0, 'zero'), snap(1, 'one'), snap(3, 'three'), snap(2, 'other step', 't')];
    expect(todoStateAt(events, { stepId: 's', iteration: 1 })?.objective).toBe('one');
    expect(todoStateAt(events, { stepId: 's', iteration: 2 })?.objective).toBe('one');
    expect(todoStateAt(events, { stepId: 's', iteration: 7 })?.objective).toBe('three');
    expect(todoStateAt(events, { stepId: 't', iteration: 1 })).toBeUndefined();
  });
});

describe('snapshot encoding', () => {
  it('stores small lists whole every time', () => {
    const encoder = new TodoSnapshotEncoder();
    const list = [item('a'), item('b')];
    expect(encoder.encode(list, 0)).toEqual({ todos: list });
    expect(encoder.encode([list[0]!, item('b', 'completed')], 1)).toEqual({ todos: [list[0], item('b', 'completed')] });
  });

  it('stores big lists as deltas with periodic keyframes, and reading them back gives every state exactly', () => {
    const encoder = new TodoSnapshotEncoder();
    let list = Array.from({ length: FULL_SNAPSHOT_MAX_TODOS + 20 }, (_, i) => item(`t${i}`));
    const states: TodoItem[][] = [];
    const events: Array<{ seq: number; type: string; data: Record<string, unknown> }> = [];
    const push = (iteration: number) => {
      states.push(list);
      const data = { step_id: 's', iteration, ...encoder.encode(list, iteration) };
      expect(TodoSnapshot.safeParse(data).success).toBe(true);
      events.push({ seq: events.length + 1, type: 'todo_snapshot', data });
    };
    push(0);
    for (let k = 1; k <= SNAPSHOT_KEYFRAME_EVERY + 5; k++) {
      list = list.slice();
      list[k % list.length] = { ...list[k % list.length]!, status: 'completed', result: `r${k}` };
      if (k === 3) list.splice(5, 0, item('inserted'));
      if (k === 7) list.splice(10, 1);
      if (k === 9) list.push(list.shift()!); // a move
      push(k);
    }
    const kinds = events.map((e) => ('todos' in e.data ? 'full' : 'delta'));
    expect(kinds[0]).toBe('full');
    expect(kinds[1]).toBe('delta');
    expect(kinds.filter((k) => k === 'full')).toHaveLength(2);
    const delta = events[1]!.data['delta'] as { changed: TodoItem[]; ids?: string[] };
    expect(delta.changed).toHaveLength(1);
    expect(delta.ids).toBeUndefined();
    expect((events[3]!.data['delta'] as { ids?: string[] }).ids).toBeDefined();
    const resolved = materializeTodoSnapshots([...events].reverse(), 's');
    expect(resolved.map((r) => r.todos)).toEqual(states);
    expect(todoStateAt(events, { stepId: 's', iteration: 8 })!.todos).toEqual(states[8]);
  });

  it('refuses a snapshot with neither or both forms', () => {
    expect(TodoSnapshot.safeParse({ step_id: 's', iteration: 1 }).success).toBe(false);
    expect(TodoSnapshot.safeParse({ step_id: 's', iteration: 1, todos: [], delta: { base_iteration: 0, changed: [] } }).success).toBe(false);
  });
});
