import { describe, expect, it } from 'vitest';
import type { TodoItem } from '@planvas/shared';
import { addTodo, indentTodo, moveTodo, outdentTodo, removeTodo } from './todo-edits';

const list: TodoItem[] = [
  { id: 'a', title: 'A', status: 'open' },
  { id: 'a1', title: 'A1', status: 'open', depth: 1 },
  { id: 'b', title: 'B', status: 'open' },
  { id: 'c', title: 'C', status: 'completed' },
];
const shape = (todos: TodoItem[]) => todos.map((t) => `${'-'.repeat(t.depth ?? 0)}${t.id}`);

describe('todo edits of the continue-from-here dialog', () => {
  it('moves a todo with its subtree past its sibling, never out of its parent', () => {
    expect(shape(moveTodo(list, 0, 1))).toEqual(['b', 'a', '-a1', 'c']);
    expect(shape(moveTodo(list, 2, -1))).toEqual(['b', 'a', '-a1', 'c']);
    expect(shape(moveTodo(list, 1, -1))).toEqual(shape(list));
    expect(shape(moveTodo(list, 3, 1))).toEqual(shape(list));
  });

  it('nests under the todo above at most one level deeper, and back', () => {
    expect(shape(indentTodo(list, 2))).toEqual(['a', '-a1', '-b', 'c']);
    expect(shape(indentTodo(list, 1))).toEqual(shape(list));
    expect(shape(indentTodo(list, 0))).toEqual(shape(list));
    expect(shape(indentTodo(indentTodo(list, 2), 2))).toEqual(['a', '-a1', '--b', 'c']);
    expect(shape(outdentTodo(list, 1))).toEqual(['a', 'a1', 'b', 'c']);
    expect(shape(outdentTodo(list, 0))).toEqual(shape(list));
  });

  it('removes a todo with its subtree, and adds one with a fresh id', () => {
    expect(shape(removeTodo(list, 0))).toEqual(['b', 'c']);
    const added = addTodo(list, 'New');
    expect(added.at(-1)).toEqual({ id: 'todo_edit_5', title: 'New', status: 'open', depth: 0 });
    expect(addTodo(added).at(-1)!.id).toBe('todo_edit_6');
  });
});
