import { isTodoItemEventType } from './payloads';

/** Anything shaped like an event: a stored envelope, or an event still being built. */
export interface GroupableEvent {
  type: string;
  data: Record<string, unknown>;
  seq?: number;
}

export interface IterationGroup<E extends GroupableEvent> {
  /** `planning` or the iteration number as text; stable for React keys. */
  key: string;
  kind: 'planning' | 'iteration';
  /** null for the planning group. */
  iteration: number | null;
  /** `todo_task_route_selected` events of this iteration, in stored order. */
  decisions: E[];
  /** Item events placed in this iteration (see `groupEventsByIteration`). */
  items: E[];
  /** `todo_snapshot` events of this iteration (iteration 0 ones go to planning). */
  snapshots: E[];
}

export interface IterationGrouping<E extends GroupableEvent> {
  groups: IterationGroup<E>[];
  /** `todo_task_step_completed` events. */
  completions: E[];
}

const positiveInt = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

/**
 * Groups a todo_task step's events by iteration, never by arrival order (issue 6). Decisions go by
 * their own `iteration`, a missing one meaning 1 as in the seed system's popup. An item event is
 * placed, in this order of preference:
 *   1. by its own `iteration`, when the producer sent one;
 *   2. in the planning group, when it is a creation that precedes the first decision (the
 *      orchestrator planned before acting);
 *   3. with the iteration whose decision worked on the same `todo_id` (`todo_id_to_execute`):
 *      the latest such decision stored before the item, else the earliest one after it;
 *   4. after the last decision stored before it;
 *   5. in the planning group.
 * "Stored before" follows `seq` when every event has one, else the order given. Groups come out
 * sorted: planning first, then iterations numerically.
 */
export function groupEventsByIteration<E extends GroupableEvent>(events: ReadonlyArray<E>, options: { stepId?: string } = {}): IterationGrouping<E> {
  const ordered = events.every((e) => typeof e.seq === 'number') ? [...events].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) : [...events];
  const relevant = options.stepId === undefined ? ordered : ordered.filter((e) => e.data['step_id'] === options.stepId);

  const groups = new Map<string, IterationGroup<E>>();
  const groupFor = (iteration: number | null): IterationGroup<E> => {
    const key = iteration === null ? 'planning' : String(iteration);
    let group = groups.get(key);
    if (!group) {
      group = { key, kind: iteration === null ? 'planning' : 'iteration', iteration, decisions: [], items: [], snapshots: [] };
      groups.set(key, group);
    }
    return group;
  };

  // Positions of decisions, overall and per todo they worked on.
  const decisionPositions: Array<{ position: number; iteration: number }> = [];
  const decisionsByTodo = new Map<string, Array<{ position: number; iteration: number }>>();
  relevant.forEach((event, position) => {
    if (event.type !== 'todo_task_route_selected') return;
    const entry = { position, iteration: positiveInt(event.data['iteration']) ?? 1 };
    decisionPositions.push(entry);
    const todoId = event.data['todo_id_to_execute'];
    if (typeof todoId === 'string' && todoId !== '') {
      const list = decisionsByTodo.get(todoId) ?? [];
      list.push(entry);
      decisionsByTodo.set(todoId, list);
    }
  });
  const firstDecision = decisionPositions[0]?.position ?? Number.POSITIVE_INFINITY;

  const placeItem = (event: E, position: number): number | null => {
    const own = positiveInt(event.data['iteration']);
    if (own !== undefined) return own;
    if (event.type === 'todo_task_item_created' && position < firstDecision) return null;
    const todoId = event.data['todo_id'];
    const worked = typeof todoId === 'string' ? decisionsByTodo.get(todoId) : undefined;
    if (worked && worked.length > 0) {
      let before: number | undefined;
      for (const d of worked) if (d.position < position) before = d.iteration;
      return before ?? worked[0]!.iteration;
    }
    let last: number | null = null;
    for (const d of decisionPositions) {
      if (d.position > position) break;
      last = d.iteration;
    }
    return last;
  };

  const completions: E[] = [];
  relevant.forEach((event, position) => {
    if (event.type === 'todo_task_route_selected') {
      groupFor(positiveInt(event.data['iteration']) ?? 1).decisions.push(event);
    } else if (isTodoItemEventType(event.type)) {
      groupFor(placeItem(event, position)).items.push(event);
    } else if (event.type === 'todo_snapshot') {
      const iteration = event.data['iteration'];
      groupFor(positiveInt(iteration) ?? null).snapshots.push(event);
    } else if (event.type === 'todo_task_step_completed') {
      completions.push(event);
    }
  });

  const sorted = [...groups.values()].sort((a, b) => (a.iteration ?? 0) - (b.iteration ?? 0));
  return { groups: sorted, completions };
}

/** Events split by the todo_task step they belong to (`data.step_id`), in first-seen order. */
export function splitEventsByStep<E extends GroupableEvent>(events: ReadonlyArray<E>): Map<string, E[]> {
  const byStep = new Map<string, E[]>();
  for (const event of events) {
    const stepId = event.data['step_id'];
    if (typeof stepId !== 'string') continue;
    const list = byStep.get(stepId) ?? [];
    list.push(event);
    byStep.set(stepId, list);
  }
  return byStep;
}
