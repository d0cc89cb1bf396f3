import type { TodoItem } from '../todos/schema';
import type { ForkEdits } from './debugging';

interface ForkState {
  todos: ReadonlyArray<TodoItem>;
  objective?: string | null | undefined;
}

/**
 * What changed between the snapshot a fork starts from and the state the user edited: todos
 * added, removed and changed (by id), whether the kept ones moved, and the objective. Undefined
 * when nothing changed (the fork is a plain "continue from here").
 */
export function forkEdits(snapshot: ForkState, edited: ForkState): ForkEdits | undefined {
  const before = new Map(snapshot.todos.map((t) => [t.id, t]));
  const after = new Set(edited.todos.map((t) => t.id));
  const added = edited.todos.filter((t) => !before.has(t.id)).map((t) => t.id);
  const removed = snapshot.todos.filter((t) => !after.has(t.id)).map((t) => t.id);
  const changed = edited.todos.filter((t) => before.has(t.id) && canonical(before.get(t.id)!) !== canonical(t)).map((t) => t.id);
  const keptBefore = snapshot.todos.filter((t) => after.has(t.id)).map((t) => t.id);
  const keptAfter = edited.todos.filter((t) => before.has(t.id)).map((t) => t.id);
  const reordered = keptBefore.some((id, i) => keptAfter[i] !== id);
  const objectiveChanged = edited.objective != null && edited.objective !== (snapshot.objective ?? null);
  if (added.length + removed.length + changed.length === 0 && !reordered && !objectiveChanged) return undefined;
  return {
    added,
    removed,
    changed,
    reordered,
    ...(objectiveChanged ? { objective: { before: snapshot.objective ?? null, after: edited.objective! } } : {}),
  };
}

/** An item as text that ignores key order and absent (null) fields: a list sent back by a browser is the same list. */
function canonical(todo: TodoItem): string {
  const entries = Object.entries(todo).filter(([, value]) => value != null);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
