import { isFinalRunStatus, runTodoCounts, type PlanvasEvent, type RunSummary } from '@planvas/shared';
import { followRun, type EventSourceFactory, type RunStream, type RunStreamOptions } from '../../api/run-stream';
import { ApiError } from '../../api/api-error';
import { createRunsApi, type RunsApi } from '../../api/runs-api';
import type { SliceCreator } from '../app-state';
import { deriveRun, EMPTY_RUN_DERIVED, type RunDerived } from '../run-events/run-derive';
import { runRef } from '../run-events/run-labels';
import type { RunSlice, StartRunOptions } from '../state/run';

export type RunSliceDeps = {
  api?: RunsApi;
  createEventSource?: EventSourceFactory;
  /** Stream tuning (tests shorten the timers). */
  stream?: Partial<Pick<RunStreamOptions, 'maxSseFailures' | 'pollIntervalMs' | 'sseRetryMs' | 'flushDelayMs' | 'reconnectDelayMs'>>;
};

export type RunSliceCreator = SliceCreator<RunSlice>;

/** No run followed: what the slice starts with and what closing a run goes back to. */
const NO_FOLLOWED_RUN = {
  followedRunId: null,
  followedRun: null,
  runEvents: [],
  runEventsStatus: 'idle',
  run: EMPTY_RUN_DERIVED,
  streamState: 'idle',
  selectedIteration: null,
} as const satisfies Partial<RunSlice>;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
/**
 * What the server said is wrong, per field (a run that cannot start lists the plan's problems);
 * a detail that only repeats the message is left out.
 */
function detailsOf(error: unknown) {
  if (!(error instanceof ApiError)) return {};
  const details = error.details.filter((d) => !error.message.includes(d.message));
  return details.length > 0 ? { details } : {};
}

/** Every stored event of a run after `after`, page by page. */
async function fetchAllEvents(api: RunsApi, runId: string, after: number, signal?: AbortSignal): Promise<PlanvasEvent[]> {
  const all: PlanvasEvent[] = [];
  let last = after;
  for (;;) {
    const page = await api.getEvents(runId, last, undefined, signal);
    const fresh = page.events.filter((e) => e.seq > last);
    if (fresh.length === 0) return all;
    all.push(...fresh);
    last = fresh[fresh.length - 1]!.seq;
  }
}

/** Keeps a run's summary in the list in step with what its events say, without refetching. */
function patchSummary(summary: RunSummary, derived: RunDerived, eventCount: number): RunSummary {
  const next: RunSummary = { ...summary, eventCount: Math.max(summary.eventCount, eventCount) };
  if (derived.runStatus) next.status = derived.runStatus;
  const stepId = derived.currentTodoStepId;
  const todos = stepId ? derived.todosByStep[stepId] : undefined;
  if (todos) {
    // The counts the server's row has too (the shared fold's): a step known only from decisions
    // counts by their todo_summary, not as an empty list.
    const counts = runTodoCounts(derived.fold);
    if (counts) next.todos = counts;
    next.iteration = todos.iteration;
  }
  return next;
}

export function createRunSlice(deps: RunSliceDeps = {}): RunSliceCreator {
  return (set, get) => {
    const api = deps.api ?? createRunsApi();
    // One live stream per store (= per tab): following another run closes it first.
    let stream: RunStream | null = null;
    let openSeq = 0;

    /**
     * A run action failed: the message goes to a toast (never into the toolbar, whose row it would
     * push off the screen) and stays readable as `runError`.
     */
    const fail = (text: string, error?: unknown) => {
      set({ runError: text });
      get().toast({ tone: 'error', message: text, ...detailsOf(error) });
    };

    /** A run of the open workflow that has not ended: the followed one by its live status, else one the list says is going on. */
    const activeRun = (): RunSummary | null => {
      const state = get();
      const followed = state.followedRun;
      if (followed && followed.workflowId === state.workflowId) {
        const status = state.run.runStatus ?? followed.status;
        if (!isFinalRunStatus(status)) return followed;
      }
      return state.runsOf === state.workflowId ? (state.runs.find((r) => r.id !== followed?.id && !isFinalRunStatus(r.status)) ?? null) : null;
    };

    const stopStream = () => {
      stream?.close();
      stream = null;
    };

    const refreshFollowed = async (runId: string) => {
      try {
        const summary = await api.getRun(runId);
        if (get().followedRunId === runId) set({ followedRun: summary });
        set({ runs: get().runs.map((r) => (r.id === runId ? summary : r)) });
      } catch {
        // the list keeps the summary patched from events
      }
    };

    const startStream = (runId: string) => {
      stopStream();
      stream = followRun({
        runId,
        after: get().run.lastSeq,
        fetchEvents: (id, after, signal) => api.getEvents(id, after, undefined, signal),
        onEvents: (events) => get().ingestRunEvents(runId, events),
        onState: (state) => {
          if (get().followedRunId !== runId) return;
          set({ streamState: state });
          if (state === 'ended') {
            void refreshFollowed(runId);
            const workflowId = get().runsOf;
            if (workflowId) void get().loadRuns(workflowId);
          }
        },
        ...(deps.createEventSource ? { createEventSource: deps.createEventSource } : {}),
        ...deps.stream,
      });
    };

    return {
      runs: [],
      runsOf: null,
      runsStatus: 'idle',
      ...NO_FOLLOWED_RUN,
      otherRunEvents: {},
      runError: null,
      pendingStart: null,

      loadRuns: async (workflowId = get().workflowId ?? undefined) => {
        if (!workflowId) return;
        if (get().runsOf !== workflowId) set({ runs: [], runsOf: workflowId });
        set({ runsStatus: 'loading' });
        try {
          const runs = await api.listRuns(workflowId);
          if (get().runsOf !== workflowId) return;
          const sorted = [...runs].sort((a, b) => (Date.parse(b.startedAt) || 0) - (Date.parse(a.startedAt) || 0));
          // The followed run's list row follows its live events, which may be ahead of the index.
          const followed = get().followedRunId;
          const derived = get().run;
          const eventCount = get().runEvents.length;
          set({
            runs: sorted.map((r) => (r.id === followed ? patchSummary(r, derived, eventCount) : r)),
            runsStatus: 'ready',
          });
        } catch (error) {
          if (get().runsOf === workflowId) {
            set({ runsStatus: 'error' });
            fail(`Could not load the runs: ${message(error)}`, error);
          }
        }
      },

      startRun: async (options = {}) => {
        const workflowId = get().workflowId;
        if (!workflowId) {
          fail('Open a workflow before starting a run');
          return null;
        }
        try {
          const { runId } = await api.startRun(workflowId, {
            ...(options.provider ? { provider: options.provider } : {}),
            ...(options.paceMs !== undefined ? { paceMs: options.paceMs } : {}),
            ...(options.replay ? { replay: options.replay } : {}),
          });
          set({ runError: null });
          await get().openRun(runId);
          void get().loadRuns(workflowId);
          return runId;
        } catch (error) {
          fail(`Could not start the run: ${message(error)}`, error);
          return null;
        }
      },

      requestRun: async (options: StartRunOptions = {}) => {
        let active = activeRun();
        // A row of the list may be stale (a run that ended in another tab): ask the server first.
        if (active && active.id !== get().followedRunId) {
          await get().loadRuns();
          active = activeRun();
        }
        if (active) {
          set({ pendingStart: { options, activeRun: active } });
          return null;
        }
        return get().startRun(options);
      },

      confirmPendingStart: async () => {
        const pending = get().pendingStart;
        if (!pending) return null;
        set({ pendingStart: null });
        return get().startRun(pending.options);
      },

      cancelPendingStart: () => set({ pendingStart: null }),

      cancelRun: async () => {
        const runId = get().followedRunId;
        if (!runId) return;
        try {
          await api.cancelRun(runId);
        } catch (error) {
          fail(`Could not cancel the run: ${message(error)}`, error);
        }
      },

      answerInput: async (answer) => {
        const runId = get().followedRunId;
        if (!runId) return;
        try {
          await api.answerInput(runId, answer);
          set({ runError: null });
        } catch (error) {
          fail(`Could not send the answer: ${message(error)}`, error);
        }
      },

      editObjective: async (objective, stepId) => {
        const runId = get().followedRunId;
        if (!runId) return;
        try {
          await api.editObjective(runId, objective, stepId ?? get().run.currentTodoStepId ?? undefined);
          set({ runError: null });
        } catch (error) {
          fail(`Could not change the objective: ${message(error)}`, error);
          throw error;
        }
      },

      importDecisionLog: async (stepId) => {
        const workflowId = get().workflowId;
        if (!workflowId) return null;
        try {
          const { runId } = await api.importDecisionLog(workflowId, stepId);
          set({ runError: null });
          await get().openRun(runId);
          void get().loadRuns(workflowId);
          return runId;
        } catch (error) {
          fail(`Could not import the decision log of ${stepId}: ${message(error)}`, error);
          return null;
        }
      },

      continueFrom: async (runId, iteration, stepId, fork = {}) => {
        const workflowId = get().runs.find((r) => r.id === runId)?.workflowId ?? get().followedRun?.workflowId ?? get().workflowId;
        if (!workflowId) return null;
        try {
          const started = await api.startRun(workflowId, {
            from: {
              runId,
              iteration,
              ...(stepId ? { stepId } : {}),
              ...(fork.todos ? { todos: fork.todos } : {}),
              ...(fork.objective !== undefined ? { objective: fork.objective } : {}),
            },
            ...(fork.provider ? { provider: fork.provider } : {}),
            ...(fork.paceMs !== undefined ? { paceMs: fork.paceMs } : {}),
          });
          set({ runError: null, selectedIteration: null });
          await get().openRun(started.runId);
          void get().loadRuns(workflowId);
          return started.runId;
        } catch (error) {
          fail(`Could not continue from iteration ${iteration}: ${message(error)}`, error);
          return null;
        }
      },

      openRun: async (runId) => {
        stopStream();
        const mine = ++openSeq;
        const known = get().runs.find((r) => r.id === runId) ?? null;
        set({
          followedRunId: runId,
          followedRun: known,
          runEvents: [],
          runEventsStatus: 'loading',
          run: EMPTY_RUN_DERIVED,
          streamState: 'idle',
          selectedIteration: null,
        });
        try {
          const [summary, events] = await Promise.all([api.getRun(runId), fetchAllEvents(api, runId, 0)]);
          if (mine !== openSeq) return;
          set({ followedRun: summary });
          get().ingestRunEvents(runId, events);
          set({ runEventsStatus: 'ready' });
          const status = get().run.runStatus ?? summary.status;
          if (!isFinalRunStatus(status)) startStream(runId);
        } catch (error) {
          if (mine !== openSeq) return;
          set({ runEventsStatus: 'error' });
          fail(`Could not open run ${runRef(runId, get().runs)}: ${message(error)}`, error);
        }
      },

      closeRun: () => {
        stopStream();
        openSeq++;
        set(NO_FOLLOWED_RUN);
      },

      selectIteration: (selectedIteration) => set({ selectedIteration }),

      loadOtherRunEvents: async (runId) => {
        const current = get().otherRunEvents[runId];
        if (current && (current.status === 'loading' || current.status === 'ready')) return;
        set({ otherRunEvents: { ...get().otherRunEvents, [runId]: { status: 'loading', events: [] } } });
        try {
          const events = await fetchAllEvents(api, runId, 0);
          set({ otherRunEvents: { ...get().otherRunEvents, [runId]: { status: 'ready', events } } });
        } catch (error) {
          set({ otherRunEvents: { ...get().otherRunEvents, [runId]: { status: 'error', events: [], error: message(error) } } });
        }
      },

      ingestRunEvents: (runId, incoming) => {
        const state = get();
        if (state.followedRunId !== runId || incoming.length === 0) return;
        // Events are appended only when they continue the sequence exactly: anything at or below
        // the last seq is a repeat, and the stream never hands over a hole.
        let last = state.run.lastSeq;
        const fresh: PlanvasEvent[] = [];
        for (const event of [...incoming].sort((a, b) => a.seq - b.seq)) {
          if (event.seq <= last) continue;
          fresh.push(event);
          last = event.seq;
        }
        if (fresh.length === 0) return;
        const run = deriveRun(state.run, fresh);
        const runEvents = state.runEvents.concat(fresh);
        const runs = state.runs.some((r) => r.id === runId) ? state.runs.map((r) => (r.id === runId ? patchSummary(r, run, runEvents.length) : r)) : state.runs;
        const followedRun = state.followedRun ? patchSummary(state.followedRun, run, runEvents.length) : null;
        set({ run, runEvents, runs, followedRun });
      },
    };
  };
}
