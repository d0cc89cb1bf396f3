import { describe, expect, it } from 'vitest';
import { groupEventsByIteration, splitEventsByStep } from './iteration-grouping';

let seq = 0;
const ev = (type: string, data: Record<string, unknown>): { seq: number; type: string; data: Record<string, unknown> } => ({
  seq: ++seq,
  type,
  data: { step_id: 's', ...data },
});
const decision = (iteration: number | undefined, todo: string) =>
  ev('todo_task_route_selected', { ...(iteration !== undefined ? { iteration } : {}), todo_id_to_execute: todo, next_action: 'delegate' });

describe('groupEventsByIteration', () => {
  it('groups decisions by their own iteration, missing = 1, sorted numerically whatever the arrival order', () => {
    const events = [decision(3, 'c'), decision(undefined, 'a'), decision(10, 'x'), decision(2, 'b')];
    const { groups } = groupEventsByIteration(events);
    expect(groups.map((g) => g.iteration)).toEqual([1, 2, 3, 10]);
    expect(groups.map((g) => g.decisions[0]!.data['todo_id_to_execute'])).toEqual(['a', 'b', 'c', 'x']);
  });

  it('places item events by their own iteration first', () => {
    const events = [decision(1, 'a'), ev('todo_task_item_completed', { todo_id: 'a', iteration: 2 }), decision(2, 'b')];
    const { groups } = groupEventsByIteration(events);
    expect(groups.find((g) => g.iteration === 2)!.items).toHaveLength(1);
    expect(groups.find((g) => g.iteration === 1)!.items).toHaveLength(0);
  });

  it('puts creations before the first decision into a planning group', () => {
    const events = [ev('todo_task_item_created', { todo_id: 'a' }), ev('todo_task_item_created', { todo_id: 'b' }), decision(1, 'a')];
    const { groups } = groupEventsByIteration(events);
    expect(groups[0]).toMatchObject({ kind: 'planning', iteration: null, key: 'planning' });
    expect(groups[0]!.items).toHaveLength(2);
  });

  it('places an item without iteration with the decision that worked on its todo, else after the last preceding decision', () => {
    const events = [
      decision(1, 'a'),
      decision(2, 'b'),
      ev('todo_task_item_completed', { todo_id: 'a' }), // worked on in iteration 1, arrives after iteration 2
      ev('todo_task_item_created', { todo_id: 'z' }), // nobody worked on z: after the last decision (2)
      ev('todo_task_item_updated', { todo_id: 'c', old_status: 'open', new_status: 'in_progress' }), // c is worked on later, in 3
      decision(3, 'c'),
    ];
    const { groups } = groupEventsByIteration(events);
    const items = (n: number) => groups.find((g) => g.iteration === n)!.items.map((e) => e.data['todo_id']);
    expect(items(1)).toEqual(['a']);
    expect(items(2)).toEqual(['z']);
    expect(items(3)).toEqual(['c']);
  });

  it('orders by seq when events arrive out of order, and filters by step', () => {
    const a = { seq: 5, type: 'todo_task_item_updated', data: { step_id: 's', todo_id: 'q', old_status: 'open', new_status: 'blocked' } };
    const d1 = { seq: 4, type: 'todo_task_route_selected', data: { step_id: 's', iteration: 4, todo_id_to_execute: 'other' } };
    const other = { seq: 6, type: 'todo_task_route_selected', data: { step_id: 't', iteration: 9 } };
    const { groups } = groupEventsByIteration([a, other, d1], { stepId: 's' });
    expect(groups.map((g) => g.iteration)).toEqual([4]);
    expect(groups[0]!.items).toEqual([a]);
    expect([...splitEventsByStep([a, other, d1]).keys()]).toEqual(['s', 't']);
  });

  it('collects snapshots per iteration and step completions apart', () => {
    const events = [
      ev('todo_snapshot', { iteration: 0, todos: [] }),
      decision(1, 'a'),
      ev('todo_snapshot', { iteration: 1, todos: [] }),
      ev('todo_task_step_completed', { total_iterations: 1 }),
    ];
    const { groups, completions } = groupEventsByIteration(events);
    expect(groups.map((g) => [g.key, g.snapshots.length])).toEqual([
      ['planning', 1],
      ['1', 1],
    ]);
    expect(completions).toHaveLength(1);
  });
});
