import { isEvent, materializeTodoSnapshots, stepTodoCounts, type IterationGrouping, type PlanvasEvent, type RunSummary } from '@planvas/shared';
import type { LogGroup } from './log-model';

/**
 * What a branched run ("continue from here") inherited from its parent, as the logs popup says it:
 * its step starts from the parent's snapshot at iteration k, so iterations 1..k (and the planning
 * before them) happened in the parent run, not "not in this run".
 */

export type Inheritance = { runId: string; iteration: number };

/** The run a group's step was seeded from (its `todo_snapshot` with reason `seeded`), if the group holds that snapshot. */
export function seededFrom(group: LogGroup): Inheritance | undefined {
  for (const snapshot of group.snapshots) {
    if (!isEvent(snapshot, 'todo_snapshot') || snapshot.data.reason !== 'seeded') continue;
    const from = snapshot.data.seeded_from;
    if (from && typeof from.run_id === 'string' && typeof from.iteration === 'number') return { runId: from.run_id, iteration: from.iteration };
  }
  return undefined;
}

/** `Iterations 1–3 from #4`, `Iteration 1 from #4`, or `Plan from #4` for a run continued before the first iteration. */
export function inheritedText(iteration: number, parentRef: string): string {
  if (iteration <= 0) return `Plan from ${parentRef}`;
  if (iteration === 1) return `Iteration 1 from ${parentRef}`;
  return `Iterations 1–${iteration} from ${parentRef}`;
}

/**
 * Whether a run's row of `order` (an iteration, 0 for planning) for `stepId` was inherited from its
 * parent: the run was continued from that step at an iteration at or after it.
 */
export function inheritedAt(run: Pick<RunSummary, 'parent'> | undefined, stepId: string | null, order: number): Inheritance | undefined {
  const parent = run?.parent;
  if (!parent || order > parent.iteration) return undefined;
  if (parent.stepId !== undefined && stepId !== null && parent.stepId !== stepId) return undefined;
  return { runId: parent.runId, iteration: parent.iteration };
}

/**
 * Leaf todos completed and in all when a step completed, counted with `stepTodoCounts` like every
 * other count (the event's own `total_todos_count` counts parents too, as the seed system's log
 * does): from the step's last snapshot before the event, else the event's numbers (an imported
 * decision log has no snapshots; its lists have no nesting).
 */
export function stepCompletedCounts(grouping: IterationGrouping<PlanvasEvent>, event: PlanvasEvent): { completed: number; total: number } | undefined {
  if (!isEvent(event, 'todo_task_step_completed')) return undefined;
  const { step_id: stepId, total_iterations: iteration } = event.data;
  const before = grouping.groups.flatMap((group) => group.snapshots.filter((snapshot) => snapshot.seq < event.seq));
  const last = materializeTodoSnapshots(before, stepId).at(-1);
  if (last) return stepTodoCounts({ stepId, todos: last.todos, iteration, listFrom: 'snapshot' });
  return stepTodoCounts({ stepId, todos: [], iteration, summary: { total: event.data.total_todos_count, completed: event.data.completed_count } });
}
