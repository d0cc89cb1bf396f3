import type { TodoSnapshot } from './payloads';
import type { GroupableEvent } from './iteration-grouping';

/**
 * The todo list and objective of a step as they were at iteration `iteration`: the snapshot of
 * that iteration, else the latest earlier one (an iteration whose turn changed nothing may have
 * none in an external runtime's log). Later snapshots of the same iteration win, so a state
 * re-sent by a producer replaces the first one.
 */
export function todoStateAt<E extends GroupableEvent>(
  events: ReadonlyArray<E>,
  query: { stepId: string; iteration: number },
): TodoSnapshot | undefined {
  let best: { iteration: number; data: TodoSnapshot } | undefined;
  for (const event of events) {
    if (event.type !== 'todo_snapshot' || event.data['step_id'] !== query.stepId) continue;
    const iteration = event.data['iteration'];
    if (typeof iteration !== 'number' || iteration > query.iteration) continue;
    if (!best || iteration >= best.iteration) best = { iteration, data: event.data as TodoSnapshot };
  }
  return best?.data;
}
