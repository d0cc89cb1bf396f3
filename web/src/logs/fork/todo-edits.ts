import type { TodoItem } from '@planvas/shared';

/**
 * The edits of the "continue from here" dialog on a pre-ordered todo list (docs/formats.md "Todo
 * tree and progress": a child follows its parent, one level deeper). Each returns a new list.
 */

/** A todo moves with its subtree: the todos after it that are deeper. */
function subtreeEnd(todos: ReadonlyArray<TodoItem>, index: number): number {
  const depth = todos[index]?.depth ?? 0;
  let end = index + 1;
  while (end < todos.length && (todos[end]!.depth ?? 0) > depth) end++;
  return end;
}

/** Moves the todo at `index` (with its subtree) before its previous sibling (-1) or after its next one (+1). */
export function moveTodo(todos: ReadonlyArray<TodoItem>, index: number, direction: -1 | 1): TodoItem[] {
  const list = [...todos];
  const depth = list[index]?.depth ?? 0;
  const end = subtreeEnd(list, index);
  if (direction === -1) {
    let previous = index - 1;
    while (previous >= 0 && (list[previous]!.depth ?? 0) > depth) previous--;
    if (previous < 0 || (list[previous]!.depth ?? 0) !== depth) return list;
    const moving = list.splice(index, end - index);
    list.splice(previous, 0, ...moving);
    return list;
  }
  if (end >= list.length || (list[end]!.depth ?? 0) !== depth) return list;
  const nextEnd = subtreeEnd(list, end);
  const moving = list.splice(index, end - index);
  list.splice(nextEnd - moving.length, 0, ...moving);
  return list;
}

/** One level deeper (under the todo above), with its subtree; at most one deeper than the todo above. */
export function indentTodo(todos: ReadonlyArray<TodoItem>, index: number): TodoItem[] {
  if (index === 0) return [...todos];
  const depth = todos[index]!.depth ?? 0;
  if (depth > (todos[index - 1]!.depth ?? 0)) return [...todos];
  const end = subtreeEnd(todos, index);
  return todos.map((t, i) => (i >= index && i < end ? { ...t, depth: (t.depth ?? 0) + 1 } : t));
}

/** One level up, with its subtree. */
export function outdentTodo(todos: ReadonlyArray<TodoItem>, index: number): TodoItem[] {
  if ((todos[index]?.depth ?? 0) === 0) return [...todos];
  const end = subtreeEnd(todos, index);
  return todos.map((t, i) => (i >= index && i < end ? { ...t, depth: Math.max(0, (t.depth ?? 0) - 1) } : t));
}

/** Removes the todo and its subtree. */
export function removeTodo(todos: ReadonlyArray<TodoItem>, index: number): TodoItem[] {
  const end = subtreeEnd(todos, index);
  return [...todos.slice(0, index), ...todos.slice(end)];
}

/** A new open todo at the end, with an id no todo of the list has. */
export function addTodo(todos: ReadonlyArray<TodoItem>, title = ''): TodoItem[] {
  const ids = new Set(todos.map((t) => t.id));
  let n = todos.length + 1;
  while (ids.has(`todo_edit_${n}`)) n++;
  return [...todos, { id: `todo_edit_${n}`, title, status: 'open', depth: 0 }];
}
