import type { RunSummary } from '@planvas/shared';
import type { AppState } from '../store/app-state';
import { runNumbers, runRef, shortRunId } from '../store/run-events/run-labels';
import type { RunsView, WatchedRun } from './run-notices';

/** The parts of the state the runs view is made of: nothing else changing means the view did not either. */
const LIST_INPUTS = ['workflowId', 'runs', 'runsOf', 'runsStatus', 'followedRunId'] as const;
const FOLLOWED_INPUTS = ['followedRunId', 'followedRun', 'run', 'runEventsStatus'] as const;

/** What changed between two states for the runs view: the list, the followed run, both or neither. */
export function runsViewChanges(state: AppState, previous: AppState): { list: boolean; followed: boolean } {
  return { list: LIST_INPUTS.some((key) => state[key] !== previous[key]), followed: FOLLOWED_INPUTS.some((key) => state[key] !== previous[key]) };
}

function fromSummary(summary: RunSummary, runs: ReadonlyArray<RunSummary>): WatchedRun {
  return {
    id: summary.id,
    workflowId: summary.workflowId,
    status: summary.status,
    reason: summary.error ?? null,
    question: summary.waitingInput ? { stepId: summary.waitingInput.stepId, question: summary.waitingInput.question } : null,
    ref: runRef(summary.id, runs),
  };
}

/**
 * `#12` for the followed run: its number in the list, or, for a run just started that the list
 * does not hold yet, the number it gets there (the runs are numbered by start time).
 */
function followedRef(state: AppState): string {
  const id = state.followedRunId!;
  if (state.runs.some((r) => r.id === id)) return runRef(id, state.runs);
  const summary = state.followedRun;
  if (summary && state.runsOf === summary.workflowId) {
    const number = runNumbers([...state.runs, summary]).get(id);
    if (number !== undefined) return `#${number}`;
  }
  return shortRunId(id);
}

/**
 * The runs as the notifier watches them (run-notices.ts), from the store. `withList` false leaves
 * the list out when it has not changed: a live run's every batch need not walk the whole list.
 */
export function runsViewOf(state: AppState, withList = true): RunsView {
  const listRead = withList && state.workflowId !== null && state.runsOf === state.workflowId && state.runsStatus === 'ready';
  const list = listRead ? { workflowId: state.workflowId!, runs: state.runs.map((r) => fromSummary(r, state.runs)) } : null;
  const summary = state.followedRun;
  const loaded = state.followedRunId !== null && state.runEventsStatus === 'ready' && summary !== null && summary.id === state.followedRunId;
  const waiting = state.run.waitingInput;
  const followed: WatchedRun | null = loaded
    ? {
        id: summary.id,
        workflowId: summary.workflowId,
        status: state.run.runStatus ?? summary.status,
        reason: state.run.runReason ?? summary.error ?? null,
        question: waiting ? { stepId: waiting.stepId, question: waiting.question } : null,
        ref: followedRef(state),
      }
    : null;
  return { list, followedId: state.followedRunId, followed };
}

/** How many runs of the open workflow wait for an answer (the followed one by its events). */
export function waitingRunCount(state: AppState): number {
  const waiting = new Set<string>();
  const followed = state.followedRunId;
  if (followed !== null && (state.run.runStatus ?? state.followedRun?.status) === 'waiting_input') waiting.add(followed);
  if (state.runsOf !== null && state.runsOf === state.workflowId) {
    for (const run of state.runs) if (run.id !== followed && run.status === 'waiting_input') waiting.add(run.id);
  }
  return waiting.size;
}
