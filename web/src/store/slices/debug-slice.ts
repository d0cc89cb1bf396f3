import { sameBreakpoint, type Breakpoint } from '../../flow/breakpoints';
import { ApiError } from '../../api/api-error';
import { createRunsApi, type RunsApi } from '../../api/runs-api';
import type { SliceCreator } from '../app-state';
import type { DebugSlice } from '../state/debug';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const detailsOf = (error: unknown) => (error instanceof ApiError && error.details.length > 0 ? { details: error.details } : {});

export function createDebugSlice(deps: { api?: RunsApi } = {}): SliceCreator<DebugSlice> {
  return (set, get) => {
    const api = deps.api ?? createRunsApi();
    const fail = (text: string, error: unknown) => get().toast({ tone: 'error', message: `${text}: ${message(error)}`, ...detailsOf(error) });
    return {
      breakpoints: [],
      breakpointsOf: null,

      loadBreakpoints: async (workflowId) => {
        try {
          const breakpoints = await api.getBreakpoints(workflowId);
          if (get().workflowId === workflowId) set({ breakpoints, breakpointsOf: workflowId });
        } catch (error) {
          // A workflow gone meanwhile (or a server without breakpoints) simply has none.
          if (error instanceof ApiError && error.status === 404) set({ breakpoints: [], breakpointsOf: workflowId });
          else fail('Could not read the breakpoints', error);
        }
      },

      toggleBreakpoint: async (breakpoint: Breakpoint) => {
        const workflowId = get().workflowId;
        if (!workflowId) return;
        const current = get().breakpointsOf === workflowId ? get().breakpoints : [];
        const next = current.some((b) => sameBreakpoint(b, breakpoint)) ? current.filter((b) => !sameBreakpoint(b, breakpoint)) : [...current, breakpoint];
        set({ breakpoints: next, breakpointsOf: workflowId });
        try {
          const saved = await api.saveBreakpoints(workflowId, next);
          if (get().workflowId === workflowId) set({ breakpoints: saved });
        } catch (error) {
          // The list the server has is the truth: show it again.
          set({ breakpoints: current });
          fail('Could not save the breakpoints', error);
        }
      },

      replayRun: async (runId) => {
        const recorded = get().runs.find((r) => r.id === runId);
        const provider = recorded?.provider === 'openai' ? 'openai' : 'scripted';
        // Through the Run button's guard: a run already going on is asked about first.
        return get().requestRun({ provider, replay: { runId, pin: 'all' } });
      },

      resumeRun: async (body) => {
        const runId = get().followedRunId;
        if (!runId) return false;
        try {
          await api.resumeRun(runId, body);
          return true;
        } catch (error) {
          fail('Could not resume the run', error);
          return false;
        }
      },
    };
  };
}
