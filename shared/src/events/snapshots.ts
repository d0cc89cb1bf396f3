import type { TodoItem } from '../todos/schema';
import type { TodoSnapshot, TodoSnapshotDelta } from './payloads';
import type { GroupableEvent } from './iteration-grouping';

/** Lists up to this size are always stored whole: every snapshot of a typical run stands alone. */
export const FULL_SNAPSHOT_MAX_TODOS = 100;
/** Bigger lists are stored whole at least this often, so a reader never replays many deltas. */
export const SNAPSHOT_KEYFRAME_EVERY = 50;

/** A snapshot with its list resolved: `todos` is always the whole list. */
export type ResolvedTodoSnapshot = TodoSnapshot & { todos: TodoItem[]; delta?: undefined };

/**
 * Decides how each snapshot of one step is stored (producer side): the whole list, or what
 * changed since the previous one. Changes are found by object identity, which the pure todo tools
 * guarantee (an item they did not touch is the same object), so encoding costs one pass of
 * pointer comparisons rather than a deep compare.
 */
export class TodoSnapshotEncoder {
  private previous: ReadonlyArray<TodoItem> | undefined;
  private previousIteration = 0;
  private sinceKeyframe = 0;

  encode(todos: ReadonlyArray<TodoItem>, iteration: number): { todos: TodoItem[] } | { delta: TodoSnapshotDelta } {
    const previous = this.previous;
    const whole = previous === undefined || todos.length <= FULL_SNAPSHOT_MAX_TODOS || this.sinceKeyframe + 1 >= SNAPSHOT_KEYFRAME_EVERY;
    const base = this.previousIteration;
    this.previous = todos;
    this.previousIteration = iteration;
    if (whole) {
      this.sinceKeyframe = 0;
      return { todos: [...todos] };
    }
    this.sinceKeyframe++;
    const changed: TodoItem[] = [];
    let sameOrder = previous.length === todos.length;
    let known: Set<TodoItem> | undefined;
    for (let i = 0; i < todos.length; i++) {
      const item = todos[i]!;
      const before = previous[i];
      if (before === item) continue;
      if (before === undefined || before.id !== item.id) sameOrder = false;
      // Same object elsewhere in the list: moved, not changed.
      if (before === undefined || before.id !== item.id) {
        known ??= new Set(previous);
        if (known.has(item)) continue;
      }
      changed.push(item);
    }
    return { delta: { base_iteration: base, changed, ...(sameOrder ? {} : { ids: todos.map((t) => t.id) }) } };
  }
}

/** Applies snapshots of one step in stored order; the state after each is the list at that snapshot. */
export class TodoSnapshotDecoder {
  private order: string[] = [];
  private byId = new Map<string, TodoItem>();

  apply(snapshot: Pick<TodoSnapshot, 'todos' | 'delta'>): void {
    if (snapshot.todos) {
      this.order = snapshot.todos.map((t) => t.id);
      this.byId = new Map(snapshot.todos.map((t) => [t.id, t]));
      return;
    }
    const delta = snapshot.delta;
    if (!delta) return;
    for (const item of delta.changed) this.byId.set(item.id, item);
    if (delta.ids) {
      this.order = [...delta.ids];
      const keep = new Set(delta.ids);
      for (const id of [...this.byId.keys()]) if (!keep.has(id)) this.byId.delete(id);
    } else {
      for (const item of delta.changed) if (!this.order.includes(item.id)) this.order.push(item.id);
    }
  }

  get todos(): TodoItem[] {
    const out: TodoItem[] = [];
    for (const id of this.order) {
      const item = this.byId.get(id);
      if (item) out.push(item);
    }
    return out;
  }
}

/**
 * Every `todo_snapshot` of a step with its whole list, in stored order (by `seq` when all events
 * have one). The way to read snapshots: it handles whole lists and deltas alike.
 */
export function materializeTodoSnapshots<E extends GroupableEvent>(events: ReadonlyArray<E>, stepId: string): ResolvedTodoSnapshot[] {
  const ordered = events.every((e) => typeof e.seq === 'number') ? [...events].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) : events;
  const decoder = new TodoSnapshotDecoder();
  const out: ResolvedTodoSnapshot[] = [];
  for (const event of ordered) {
    if (event.type !== 'todo_snapshot' || event.data['step_id'] !== stepId) continue;
    const data = event.data as TodoSnapshot;
    decoder.apply(data);
    const { todos: _todos, delta: _delta, ...rest } = data;
    out.push({ ...(rest as TodoSnapshot), todos: decoder.todos } as ResolvedTodoSnapshot);
  }
  return out;
}

/**
 * The todo list and objective of a step as they were at iteration `iteration`: the snapshot of
 * that iteration, else the latest earlier one (an iteration whose turn changed nothing may have
 * none in an external runtime's log). When a step ran more than once in a run, the latest
 * execution's snapshot wins.
 */
export function todoStateAt<E extends GroupableEvent>(
  events: ReadonlyArray<E>,
  query: { stepId: string; iteration: number },
): ResolvedTodoSnapshot | undefined {
  let best: ResolvedTodoSnapshot | undefined;
  for (const snapshot of materializeTodoSnapshots(events, query.stepId)) {
    if (snapshot.iteration > query.iteration) continue;
    if (!best || snapshot.iteration >= best.iteration) best = snapshot;
  }
  return best;
}
