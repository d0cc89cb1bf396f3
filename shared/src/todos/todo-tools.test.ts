import { describe, expect, it } from 'vitest';
import { callTodoTool, completeTodo, createTodo, emptyTodoList, getTodo, listTodos, randomTodoId, updateTodo, type TodoToolContext } from './todo-tools';
import type { TodoList } from './schema';

function context(): TodoToolContext {
  let n = 0;
  return { now: () => '2025-01-01T00:00:00.000Z', newId: () => `todo_${String(++n).padStart(8, '0')}` };
}

function must<T>(result: { ok: true; list: TodoList; output: T } | { ok: false; error: string }): { list: TodoList; output: T } {
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('todo tools', () => {
  it('create_todo adds an open medium-priority item and keeps the summary current', () => {
    const ctx = context();
    const list = emptyTodoList('step-1', 'Ship it');
    const { list: next, output } = must(createTodo(list, { title: 'Fetch data', assigned_agent: 'fetch' }, ctx));
    expect(output).toMatchObject({ id: 'todo_00000001', status: 'open', priority: 'medium', assigned_agent: 'fetch', created_at: '2025-01-01T00:00:00.000Z' });
    expect(next.summary).toMatchObject({ total: 1, open: 1, completed: 0 });
    expect(list.todos).toHaveLength(0); // the input is never mutated
  });

  it('nests a child after its parent subtree, one level deeper', () => {
    const ctx = context();
    let list = emptyTodoList('s');
    list = must(createTodo(list, { title: 'A' }, ctx)).list;
    list = must(createTodo(list, { title: 'B' }, ctx)).list;
    list = must(createTodo(list, { title: 'A.1', parent_id: 'todo_00000001' }, ctx)).list;
    list = must(createTodo(list, { title: 'A.1.1', parent_id: 'todo_00000003' }, ctx)).list;
    list = must(createTodo(list, { title: 'A.2', parent_id: 'todo_00000001' }, ctx)).list;
    expect(list.todos.map((t) => [t.title, t.depth ?? 0])).toEqual([
      ['A', 0],
      ['A.1', 1],
      ['A.1.1', 2],
      ['A.2', 1],
      ['B', 0],
    ]);
    const listing = must(listTodos(list)).output;
    expect(listing.todos.map((t) => t.number)).toEqual(['1', '1.1', '1.1.1', '1.2', '2']);
  });

  it('update_todo changes status and notes; complete_todo records the result', () => {
    const ctx = context();
    let list = must(createTodo(emptyTodoList('s'), { title: 'A' }, ctx)).list;
    list = must(updateTodo(list, { todo_id: 'todo_00000001', status: 'in_progress', notes: 'started' }, ctx)).list;
    expect(list.todos[0]).toMatchObject({ status: 'in_progress', notes: 'started' });
    list = must(completeTodo(list, { todo_id: 'todo_00000001', result: 'done well' }, ctx)).list;
    expect(list.todos[0]).toMatchObject({ status: 'completed', result: 'done well' });
    expect(list.summary).toMatchObject({ completed: 1, in_progress: 0 });
    expect(completeTodo(list, { todo_id: 'todo_00000001', result: 'again' }, ctx).ok).toBe(false);
  });

  it('reports unknown ids, unknown statuses and bad arguments as tool errors', () => {
    const ctx = context();
    const list = must(createTodo(emptyTodoList('s'), { title: 'A' }, ctx)).list;
    expect(getTodo(list, { todo_id: 'nope' })).toMatchObject({ ok: false, error: 'todo "nope" does not exist' });
    const bad = callTodoTool(list, 'update_todo', { todo_id: 'todo_00000001', status: 'finished' }, ctx);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toContain('status must be one of');
    expect(callTodoTool(list, 'create_todo', { title: '' }, ctx).ok).toBe(false);
    expect(callTodoTool(list, 'delete_todo', {}, ctx)).toMatchObject({ ok: false, error: 'unknown todo tool "delete_todo"' });
    expect(createTodo(list, { title: 'x', parent_id: 'missing' }, ctx).ok).toBe(false);
  });

  it('dispatches every tool by its seed name', () => {
    const ctx = context();
    let list = emptyTodoList('s');
    const created = callTodoTool(list, 'create_todo', { title: 'A', priority: 'high' }, ctx);
    if (!created.ok) throw new Error(created.error);
    list = created.list;
    expect(callTodoTool(list, 'get_todo', { todo_id: 'todo_00000001' }, ctx)).toMatchObject({ ok: true, output: { title: 'A', priority: 'high' } });
    expect(callTodoTool(list, 'list_todos', undefined, ctx)).toMatchObject({ ok: true, output: { summary: { total: 1 } } });
    expect(callTodoTool(list, 'list_todos', { status: 'completed' }, ctx)).toMatchObject({ ok: true, output: { todos: [] } });
  });

  it('refuses a duplicate explicit id and generates seed-shaped random ids', () => {
    const ctx = context();
    const list = must(createTodo(emptyTodoList('s'), { title: 'A' }, ctx, { id: 'todo_x' })).list;
    expect(createTodo(list, { title: 'B' }, ctx, { id: 'todo_x' }).ok).toBe(false);
    expect(randomTodoId()).toMatch(/^todo_[0-9a-f]{8}$/);
  });
});

describe('summary upkeep', () => {
  it('keeps the summary equal to a full recount through every tool, and recounts a list with a stale summary', async () => {
    const { summarizeTodos } = await import('./progress');
    const ctx = context();
    let list = emptyTodoList('s');
    for (let i = 0; i < 6; i++) list = must(createTodo(list, { title: `t${i}`, ...(i % 2 === 1 ? { parent_id: list.todos[0]!.id } : {}) }, ctx)).list;
    list = must(updateTodo(list, { todo_id: list.todos[1]!.id, status: 'blocked' }, ctx)).list;
    list = must(updateTodo(list, { todo_id: list.todos[2]!.id, status: 'needs_review' }, ctx)).list;
    list = must(completeTodo(list, { todo_id: list.todos[3]!.id, result: 'ok' }, ctx)).list;
    expect(list.summary).toEqual(summarizeTodos(list.todos));
    const stale = { ...list, summary: { total: 99 } };
    expect(must(createTodo(stale, { title: 'x' }, ctx)).list.summary).toEqual(summarizeTodos([...list.todos, { id: 'x', title: 'x', status: 'open' }]));
  });
});
