import { buildFlow, END, isFinalRunStatus, type Plan, type RunState, type RunStatus } from '@planvas/shared';
import type { NodeStatus } from '../flow/node-status';

/** What each node of the followed run shows: its status, and why where the status alone does not say it. */
export type NodeRunStatuses = {
  statuses: Readonly<Record<string, NodeStatus>>;
  /** Said after the status in its tooltip: "carried over from #4", "not on the path this run took". */
  notes: Readonly<Record<string, string>>;
};

/** Why a step that never ran is skipped, once the run has ended. */
const ENDED_NOTES: Record<RunStatus, string> = {
  completed: 'the run ended without reaching it',
  failed: 'the run failed before reaching it',
  cancelled: 'the run was cancelled before reaching it',
  running: '',
  waiting_input: '',
  paused: '',
};
const NOT_TAKEN_NOTE = 'not on the path this run took';

// Step id -> the steps its flow edges lead to, per plan (the shared flow: the executor's own edges).
const successorMaps = new WeakMap<Plan, Map<string, string[]>>();
const reachableSets = new WeakMap<Plan, Map<string, ReadonlySet<string>>>();

function successorsOf(plan: Plan): Map<string, string[]> {
  let map = successorMaps.get(plan);
  if (!map) {
    map = new Map();
    const flow = buildFlow(plan);
    for (const id of flow.nodes.keys()) map.set(id, []);
    for (const edge of flow.edges) if (edge.target !== END) map.get(edge.source)?.push(edge.target);
    successorMaps.set(plan, map);
  }
  return map;
}

/** Every step the flow can still reach from `start` (itself included), loops and all; undefined when `start` is no step of the plan. */
function reachableFrom(plan: Plan, start: string): ReadonlySet<string> | undefined {
  const successors = successorsOf(plan);
  if (!successors.has(start)) return undefined;
  let byStart = reachableSets.get(plan);
  if (!byStart) {
    byStart = new Map();
    reachableSets.set(plan, byStart);
  }
  let seen = byStart.get(start);
  if (!seen) {
    const found = new Set([start]);
    const queue = [start];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const next of successors.get(id) ?? []) {
        if (found.has(next)) continue;
        found.add(next);
        queue.push(next);
      }
    }
    seen = found;
    byStart.set(start, seen);
  }
  return seen;
}

/**
 * The statuses the canvas draws for a run, from the shared fold's step statuses (what the events
 * say) and two the canvas derives:
 * - `waiting`: the human_input step whose question is open, while the run waits for the answer
 *   (its events say `running`, which reads as if something were working).
 * - `paused`: the step a paused run stopped in (a breakpoint, its budget, step mode).
 * - `skipped`: a step still `pending` that the run can no longer reach. While the run goes on, that
 *   is every pending step the flow cannot reach from the step running now: the routes a routing
 *   step did not choose, the other side of a conditional, the options of a question not answered
 *   (a step a loop can still come back to is not skipped). Once the run has ended, every step it
 *   left pending.
 * Carried-over statuses (a branched run's steps before its branch point) get a note naming the run.
 */
export function nodeRunStatuses(plan: Plan | null, fold: RunState, runRef: (runId: string) => string): NodeRunStatuses {
  const statuses: Record<string, NodeStatus> = { ...fold.stepStatuses };
  const notes: Record<string, string> = {};
  for (const [nodeId, runId] of Object.entries(fold.carriedOver)) notes[nodeId] = `carried over from ${runRef(runId)}`;

  const question = fold.status === 'waiting_input' ? fold.waitingInput : null;
  if (question) {
    const current = statuses[question.step_id];
    if (current !== 'completed' && current !== 'failed') {
      statuses[question.step_id] = 'waiting';
      notes[question.step_id] = 'the run waits for your answer';
    }
  }

  const pause = fold.status === 'paused' ? fold.pause : null;
  if (pause?.step_id) {
    statuses[pause.step_id] = 'paused';
    notes[pause.step_id] = pause.reason ?? 'paused at a breakpoint';
  }

  const ended = fold.status !== null && isFinalRunStatus(fold.status);
  const reachable = !ended && plan && fold.currentStepId !== null ? reachableFrom(plan, fold.currentStepId) : undefined;
  if (ended || reachable) {
    const note = ended ? ENDED_NOTES[fold.status!] : NOT_TAKEN_NOTE;
    for (const [nodeId, status] of Object.entries(statuses)) {
      if (status !== 'pending' || reachable?.has(nodeId)) continue;
      statuses[nodeId] = 'skipped';
      notes[nodeId] = note;
    }
  }
  return { statuses, notes };
}
