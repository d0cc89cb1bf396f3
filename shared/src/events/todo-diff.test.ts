import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../todos/schema';
import { diffTodos } from './todo-diff';
import { EVENT_SCHEMAS } from './payloads';

const ctx = { step_index: 1, step_path: 'step-2', step_id: 'research', iteration: 3 };
const item = (id: string, status: string, extra: Partial<TodoItem> = {}): TodoItem => ({ id, title: `T ${id}`, status, ...extra });

describe('diffTodos', () => {
  it('emits created, updated and completed with the seed fields plus the iteration', () => {
    const before = [item('a', 'open'), item('b', 'in_progress'), item('c', 'open')];
    const after = [
      item('a', 'in_progress', { notes: 'go' }),
      item('b', 'completed', { result: 'ok' }),
      item('c', 'open'),
      item('d', 'open', { description: 'new', priority: 'high', depth: 1 }),
    ];
    const events = diffTodos(before, after, ctx);
    expect(events.map((e) => [e.type, e.data.todo_id])).toEqual([
      ['todo_task_item_updated', 'a'],
      ['todo_task_item_completed', 'b'],
      ['todo_task_item_created', 'd'],
    ]);
    expect(events[0]!.data).toEqual({
      ...ctx,
      todo_id: 'a',
      title: 'T a',
      old_status: 'open',
      new_status: 'in_progress',
      notes: 'go',
      updated_by: 'orchestrator',
    });
    expect(events[1]!.data).toEqual({ ...ctx, todo_id: 'b', title: 'T b', result: 'ok', completed_by: 'orchestrator' });
    expect(events[2]!.data).toMatchObject({ todo_id: 'd', description: 'new', priority: 'high', created_by: 'orchestrator', depth: 1, iteration: 3 });
    for (const e of events) expect(EVENT_SCHEMAS[e.type].safeParse(e.data).success).toBe(true);
  });

  it('gives created then completed for an item born completed, and nothing for unchanged lists', () => {
    expect(diffTodos([], [item('x', 'done')], ctx).map((e) => e.type)).toEqual(['todo_task_item_created', 'todo_task_item_completed']);
    expect(diffTodos([item('x', 'open')], [item('x', 'open', { title: 'renamed' })], ctx)).toEqual([]);
    expect(diffTodos([item('x', 'completed')], [item('x', 'done')], ctx)).toEqual([]);
  });

  it('reports skipping as an update, not a completion, and omits an unknown iteration', () => {
    const events = diffTodos([item('x', 'open')], [item('x', 'skipped')], { step_index: 0, step_path: 'step-1', step_id: 's' });
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('todo_task_item_updated');
    expect('iteration' in events[0]!.data).toBe(false);
  });
});
