import type { EventEnvelope } from '@planvas/shared';

/**
 * The steps a run had completed when it took the todo snapshot a branch starts from (`stepId`'s
 * snapshot at `iteration`, or the last one before it, as todoStateAt picks it): the steps before
 * the branch point, which the branch does not run again. The todo_task step itself and its
 * sub-agents (events with a parent step) are left out, as the branch runs them.
 */
export function stepsCompletedAtSnapshot(events: ReadonlyArray<EventEnvelope>, stepId: string, iteration: number): string[] {
  let cut: { iteration: number; seq: number } | undefined;
  for (const e of events) {
    if (e.type !== 'todo_snapshot' || e.data['step_id'] !== stepId) continue;
    const at = e.data['iteration'];
    if (typeof at !== 'number' || at > iteration) continue;
    if (!cut || at >= cut.iteration) cut = { iteration: at, seq: e.seq };
  }
  if (!cut) return [];
  const last = new Map<string, unknown>();
  for (const e of events) {
    if (e.seq > cut.seq || e.type !== 'step_status' || e.data['parent_step_id'] !== undefined) continue;
    const id = e.data['step_id'];
    if (typeof id === 'string' && id !== stepId) last.set(id, e.data['status']);
  }
  return [...last].filter(([, status]) => status === 'completed').map(([id]) => id);
}
