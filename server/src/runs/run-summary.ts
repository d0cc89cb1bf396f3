import {
  EMPTY_RUN_STATE,
  foldRunEvents,
  isFinalRunStatus,
  runTodoCounts,
  type EventEnvelope,
  type HumanInputRequested,
  type RunState,
  type RunStatusChanged,
  type RunSummary,
} from '@planvas/shared';

/**
 * Keeps a run's index row current from its events, whoever produced them (the engine, an
 * external runtime through ingest, an import), so the runs list needs no log reads. The events
 * are folded by the shared run-state fold (@planvas/shared `foldRunEvents`, the same the web
 * shows a run with); this class only maps that state onto the row. Todo counts are those of the
 * run's current todo list (or its decisions' todo_summary while it has none); counting leaf
 * todos is O(list), so it is done when the row is read, not per event.
 */
export class RunSummaryTracker {
  /** The row the tracker started from: the facts set at creation, and what events have not changed since. */
  private readonly base: RunSummary;
  private state: RunState;
  private lastSeqNoted = 0;
  private row: RunSummary | undefined;
  private rowOf: { state: RunState; lastSeqNoted: number } | undefined;
  /** Counts of the current todo list, kept while the list is the same object. */
  private counts: { todosByStep: RunState['todosByStep']; stepId: string | null; value: RunSummary['todos'] } | undefined;

  constructor(summary: RunSummary) {
    this.base = summary;
    this.state = stateOfRow(summary);
  }

  /** The status alone, without recounting todos. */
  get status(): RunSummary['status'] {
    return this.state.status ?? this.base.status;
  }

  get summary(): RunSummary {
    if (!this.row || this.rowOf?.state !== this.state || this.rowOf.lastSeqNoted !== this.lastSeqNoted) {
      this.row = rowOfState(this.base, this.state, this.lastSeqNoted, this.todoCounts());
      this.rowOf = { state: this.state, lastSeqNoted: this.lastSeqNoted };
    }
    return this.row;
  }

  private todoCounts(): RunSummary['todos'] {
    const { todosByStep, currentTodoStepId } = this.state;
    if (this.counts?.todosByStep !== todosByStep || this.counts.stepId !== currentTodoStepId) {
      this.counts = { todosByStep, stepId: currentTodoStepId, value: runTodoCounts(this.state) ?? this.base.todos };
    }
    return this.counts.value;
  }

  /**
   * The log's highest seq, when it is above the last event applied (damaged lines at the end of a
   * log still took their numbers): the count must say where numbering goes on.
   */
  noteLastSeq(seq: number): void {
    this.lastSeqNoted = Math.max(this.lastSeqNoted, seq);
  }

  /** Applies committed events; returns true when the change should be persisted at once (a status, a question). */
  apply(envelopes: ReadonlyArray<EventEnvelope>): boolean {
    this.state = foldRunEvents(this.state, envelopes);
    return envelopes.some((e) => e.type === 'run_status' || e.type === 'human_input_requested');
  }
}

/** The fold's state as a row says it, so events apply on top of what is already known. */
function stateOfRow(row: RunSummary): RunState {
  const waiting = row.waitingInput;
  const question: HumanInputRequested | null = waiting
    ? {
        step_id: waiting.stepId,
        question: waiting.question,
        ...(waiting.responseType !== undefined ? { response_type: waiting.responseType } : {}),
        ...(waiting.options !== undefined ? { options: waiting.options } : {}),
      }
    : null;
  return {
    ...EMPTY_RUN_STATE,
    status: row.status,
    statusReason: row.error ?? null,
    endedAt: row.endedAt ?? null,
    waitingInput: question,
    pause: row.paused ? pauseEventOf(row.paused) : null,
    currentStepId: row.currentStepId ?? null,
    iteration: row.iteration ?? null,
  };
}

function rowOfState(base: RunSummary, state: RunState, lastSeqNoted: number, todos: RunSummary['todos']): RunSummary {
  const status = state.status ?? base.status;
  const ended = isFinalRunStatus(status);
  const {
    endedAt: _endedAt,
    error: _error,
    currentStepId: _currentStepId,
    waitingInput: _waitingInput,
    paused: _paused,
    iteration: _iteration,
    ...facts
  } = base;
  const waiting = state.waitingInput;
  const error = ended && status !== 'completed' && state.statusReason !== null ? state.statusReason : base.error;
  return {
    ...facts,
    status,
    eventCount: Math.max(base.eventCount, state.lastSeq, lastSeqNoted),
    todos,
    ...(state.endedAt !== null ? { endedAt: state.endedAt } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(state.currentStepId !== null ? { currentStepId: state.currentStepId } : {}),
    ...(state.iteration !== null ? { iteration: state.iteration } : {}),
    ...(waiting
      ? {
          waitingInput: {
            stepId: waiting.step_id,
            question: waiting.question,
            ...(typeof waiting.response_type === 'string' ? { responseType: waiting.response_type } : {}),
            ...(Array.isArray(waiting.options) ? { options: waiting.options.map(String) } : {}),
          },
        }
      : {}),
    ...(state.pause ? { paused: pausedOf(state.pause) } : {}),
  };
}

/** The row's `paused` from the run_status that paused the run. */
function pausedOf(event: RunStatusChanged): NonNullable<RunSummary['paused']> {
  return {
    on: event.breakpoint?.on ?? 'step',
    ...(event.step_id ? { stepId: event.step_id } : {}),
    ...(typeof event.iteration === 'number' ? { iteration: event.iteration } : {}),
    ...(event.pending ? { pending: event.pending } : {}),
    ...(event.reason ? { reason: event.reason } : {}),
  };
}

/** And back: the fold's state of a paused row, so later events apply on top of it. */
function pauseEventOf(paused: NonNullable<RunSummary['paused']>): RunStatusChanged {
  return {
    status: 'paused',
    breakpoint: { on: paused.on },
    ...(paused.stepId ? { step_id: paused.stepId } : {}),
    ...(paused.iteration !== undefined ? { iteration: paused.iteration } : {}),
    ...(paused.pending ? { pending: paused.pending as RunStatusChanged['pending'] } : {}),
    ...(paused.reason ? { reason: paused.reason } : {}),
  };
}

/** What a row says before any event: the facts set at creation, nothing the events decide. */
export function rowBeforeEvents(summary: RunSummary): RunSummary {
  return {
    id: summary.id,
    workflowId: summary.workflowId,
    status: 'running',
    provider: summary.provider,
    startedAt: summary.startedAt,
    eventCount: 0,
    todos: { completed: 0, total: 0 },
    ...(summary.parent ? { parent: summary.parent } : {}),
    ...(summary.importedFrom ? { importedFrom: summary.importedFrom } : {}),
  };
}
