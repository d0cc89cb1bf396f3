import type { TodoItem } from '../todos/schema';
import { isCompletedStatus } from '../todos/status';
import type { EventInput } from './payloads';

export interface TodoDiffContext {
  step_index: number;
  step_path: string;
  step_id: string;
  /** planvas adds the iteration to the seed's item events; omitted when unknown. */
  iteration?: number;
  /** Who changed the list; the seed system always says `orchestrator`. */
  by?: string;
}

type ItemEvent = EventInput<'todo_task_item_created' | 'todo_task_item_updated' | 'todo_task_item_completed'>;

/**
 * Item events from the todo list before and after a turn (docs/formats.md "Todo item events"), in list
 * order: created for a new id; updated when the status changed to anything but completed;
 * completed when it changed to completed (a new item that is already completed gives both).
 * Only status changes count as updates, as in the seed system; other edits show in the snapshots.
 */
export function diffTodos(before: ReadonlyArray<TodoItem>, after: ReadonlyArray<TodoItem>, ctx: TodoDiffContext): ItemEvent[] {
  const by = ctx.by ?? 'orchestrator';
  const base = {
    step_index: ctx.step_index,
    step_path: ctx.step_path,
    step_id: ctx.step_id,
    ...(ctx.iteration !== undefined ? { iteration: ctx.iteration } : {}),
  };
  // Tools replace only the items they change, so most items are the very same objects as before:
  // an identity check skips them, and the id index is built only when positions shifted.
  let previous: Map<string, TodoItem> | undefined;
  const lookup = (id: string) => (previous ??= new Map(before.map((t) => [t.id, t]))).get(id);
  const events: ItemEvent[] = [];
  for (let i = 0; i < after.length; i++) {
    const todo = after[i]!;
    const same = before[i];
    if (same === todo) continue;
    const old = same !== undefined && same.id === todo.id ? same : lookup(todo.id);
    if (!old) {
      events.push({
        type: 'todo_task_item_created',
        data: {
          ...base,
          todo_id: todo.id,
          title: todo.title,
          description: todo.description ?? '',
          priority: todo.priority ?? 'medium',
          created_by: by,
          status: todo.status,
          ...(todo.assigned_agent != null ? { assigned_agent: todo.assigned_agent } : {}),
          ...(todo.depth != null && todo.depth > 0 ? { depth: todo.depth } : {}),
        },
      });
    }
    const oldStatus = old?.status ?? 'open';
    if (old && old.status === todo.status) continue;
    if (!old && !isCompletedStatus(todo.status)) continue;
    if (isCompletedStatus(todo.status)) {
      if (old && isCompletedStatus(oldStatus)) continue;
      events.push({
        type: 'todo_task_item_completed',
        data: { ...base, todo_id: todo.id, title: todo.title, result: todo.result ?? '', completed_by: by },
      });
    } else {
      events.push({
        type: 'todo_task_item_updated',
        data: { ...base, todo_id: todo.id, title: todo.title, old_status: oldStatus, new_status: todo.status, notes: todo.notes ?? '', updated_by: by },
      });
    }
  }
  return events;
}
