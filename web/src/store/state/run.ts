import type { ExecutionProvider, PlanvasEvent, ReplayRequest, RunSummary, TodoItem } from '@planvas/shared';
import type { StreamState } from '../../api/run-stream';
import type { RunDerived } from '../run-events/run-derive';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Which iteration of which step the user picked in the logs popup (its snapshot is shown). */
export type IterationSelection = { runId: string; stepId: string; iteration: number };

/** Another run's events, loaded on demand (previous runs in the popup, the compare view). */
export type OtherRunEvents = { status: LoadStatus; events: PlanvasEvent[]; error?: string };

/** "Continue from here" with changes: the todos and objective to start from, and how to run. */
export type ForkOptions = { todos?: TodoItem[]; objective?: string; provider?: ExecutionProvider; paceMs?: number };

export type StartRunOptions = {
  provider?: ExecutionProvider;
  paceMs?: number;
  /** Reuse a recorded run's sub-agent results (docs/api.md "Pin and replay"). */
  replay?: ReplayRequest;
};

/** A start the user asked for while another run of the workflow is active: the confirm dialog shows while it is set. */
export type PendingStart = { options: StartRunOptions; activeRun: RunSummary };

/**
 * Watching runs: the runs of the open workflow, the one run being followed live (its events in
 * seq order, each once, and what is derived from them), and the actions of the run controls.
 */
export type RunSlice = {
  /** Runs of `runsOf`, newest first. */
  runs: RunSummary[];
  runsOf: string | null;
  runsStatus: LoadStatus;
  followedRunId: string | null;
  followedRun: RunSummary | null;
  /** The followed run's events, ordered by seq, no duplicates, no holes. */
  runEvents: PlanvasEvent[];
  runEventsStatus: LoadStatus;
  run: RunDerived;
  streamState: StreamState | 'idle';
  selectedIteration: IterationSelection | null;
  otherRunEvents: Record<string, OtherRunEvents>;
  /** The last failed run action (the user reads it in a toast, see `toast`). */
  runError: string | null;
  pendingStart: PendingStart | null;

  loadRuns(workflowId?: string): Promise<void>;
  /** Starts a run of the open workflow and follows it; resolves to its id (null on failure). */
  startRun(options?: StartRunOptions): Promise<string | null>;
  /**
   * The Run button: starts a run, unless another run of the workflow is active; then it sets
   * `pendingStart` and resolves to null (the user confirms or cancels).
   */
  requestRun(options?: StartRunOptions): Promise<string | null>;
  /** Starts the run `pendingStart` holds. */
  confirmPendingStart(): Promise<string | null>;
  cancelPendingStart(): void;
  cancelRun(): Promise<void>;
  answerInput(answer: string | number | boolean): Promise<void>;
  editObjective(objective: string, stepId?: string): Promise<void>;
  /** Imports a step's decision log (the seed system's file) as a run and follows it. */
  importDecisionLog(stepId: string): Promise<string | null>;
  /** "Continue from here": a new run seeded from `runId`'s snapshot at `iteration`. */
  continueFrom(runId: string, iteration: number, stepId?: string, fork?: ForkOptions): Promise<string | null>;
  openRun(runId: string): Promise<void>;
  closeRun(): void;
  selectIteration(selection: IterationSelection | null): void;
  loadOtherRunEvents(runId: string): Promise<void>;
  /** Adds events of the followed run (from the stream, a page, or a test), keeping seq order and dropping repeats. */
  ingestRunEvents(runId: string, events: ReadonlyArray<PlanvasEvent>): void;
};
