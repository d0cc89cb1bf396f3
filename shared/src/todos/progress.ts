import type { TodoItem } from './schema';
import { normalizeTodoStatus } from './status';
import { clampedDepths, isLeafAt } from './tree';

/** Leaf-only progress (docs/formats.md "Todo tree and progress"): a parent is a heading for its children, never counted itself. */
export interface TodoProgress {
  total: number;
  completed: number;
  active: number;
  blocked: number;
  open: number;
}

/** `depths` may be passed when the caller already has `clampedDepths(todos)`. */
export function todoProgress(todos: ReadonlyArray<TodoItem>, depths: Int32Array = clampedDepths(todos)): TodoProgress {
  const progress: TodoProgress = { total: 0, completed: 0, active: 0, blocked: 0, open: 0 };
  for (let i = 0; i < todos.length; i++) {
    if (!isLeafAt(depths, i)) continue;
    progress.total++;
    const group = normalizeTodoStatus(todos[i]!.status);
    if (group === 'completed') progress.completed++;
    else if (group === 'in_progress') progress.active++;
    else if (group === 'blocked') progress.blocked++;
    else progress.open++;
  }
  return progress;
}

/** `todos 5/12 · active 2 · blocked 1`; the active and blocked parts appear only when non-zero. */
export function todoSummaryLine(progress: TodoProgress): string {
  const parts = [`todos ${progress.completed}/${progress.total}`];
  if (progress.active > 0) parts.push(`active ${progress.active}`);
  if (progress.blocked > 0) parts.push(`blocked ${progress.blocked}`);
  return parts.join(' · ');
}

/**
 * The `summary` of todos.json and the `todo_summary` of the decision log: counts of every item in
 * the four status buckets (the seed system has no nesting, so there every item is a leaf).
 */
// A type alias, not an interface, so it fits the loose `summary` objects (index signature).
export type TodoCounts = {
  total: number;
  open: number;
  in_progress: number;
  completed: number;
  blocked: number;
};

export function summarizeTodos(todos: ReadonlyArray<TodoItem>): TodoCounts {
  const summary = { total: todos.length, open: 0, in_progress: 0, completed: 0, blocked: 0 };
  for (const todo of todos) summary[normalizeTodoStatus(todo.status)]++;
  return summary;
}
