import {
  parseEventEnvelope,
  type BranchFrom,
  type Breakpoint,
  type ExecutionProvider,
  type PlanvasEvent,
  type ReplayRequest,
  type ResumeBody,
  type RunBudget,
  type RunSummary,
} from '@planvas/shared';
import { ApiError } from './api-error';
import { authorizedFetch } from './access-token';
import { createJsonRequest } from './request';
import { workflowApiPath } from './workflow-path';

/**
 * The runs API (docs/api.md "Runs") as the web app uses it (the store's run slice calls it). A client
 * of its own rather than part of the document client, so watching runs is developed and tested on its own.
 */
export interface RunsApi {
  startRun(workflowId: string, body: StartRunRequest): Promise<{ runId: string }>;
  /** Imports the seed system's decision log of a step (`logs/<stepId>/todo-task-execution.json`) as a run. */
  importDecisionLog(workflowId: string, stepId: string): Promise<{ runId: string }>;
  listRuns(workflowId: string, signal?: AbortSignal): Promise<RunSummary[]>;
  getRun(runId: string, signal?: AbortSignal): Promise<RunSummary>;
  cancelRun(runId: string): Promise<void>;
  answerInput(runId: string, answer: string | number | boolean): Promise<void>;
  editObjective(runId: string, objective: string, stepId?: string): Promise<void>;
  /** One page of stored events with `seq > after`, oldest first, and the seqs of damaged log lines it skipped. */
  getEvents(runId: string, after: number, limit?: number, signal?: AbortSignal): Promise<EventsPage>;
  /** Resumes a paused run (docs/api.md "Breakpoints and step mode"); answers once it goes on. */
  resumeRun(runId: string, body: ResumeBody): Promise<void>;
  /** The workflow's saved breakpoints (planvas state, never plan.json). */
  getBreakpoints(workflowId: string): Promise<Breakpoint[]>;
  saveBreakpoints(workflowId: string, breakpoints: Breakpoint[]): Promise<Breakpoint[]>;
}

/**
 * A page of a run's events. `skippedSeqs`: seqs the server could not read (a damaged log line,
 * answered as a `log_corrupt` notice); a client treats them as passed instead of waiting for them.
 */
export type EventsPage = { events: PlanvasEvent[]; skippedSeqs: number[] };

type LogNotice = { code?: string; seq?: unknown };

/**
 * The seqs a page skipped. A notice names its line's seq when that much of it is readable; else the
 * seqs missing between `after` and the page's events are the damaged ones (the log is gap-free
 * otherwise, and a page reads it in order), counted only when the page has a notice at all.
 */
export function skippedSeqsOf(after: number, events: readonly PlanvasEvent[], notices: readonly LogNotice[]): number[] {
  if (notices.length === 0) return [];
  const skipped = new Set(notices.map((n) => n.seq).filter((seq): seq is number => Number.isInteger(seq) && (seq as number) > after));
  const present = new Set(events.map((e) => e.seq));
  const last = events.length > 0 ? Math.max(...present) : after;
  for (let seq = after + 1; seq < last; seq++) if (!present.has(seq)) skipped.add(seq);
  return [...skipped].sort((a, b) => a - b);
}

export type StartRunRequest = {
  provider?: ExecutionProvider;
  paceMs?: number;
  from?: BranchFrom;
  breakpoints?: Breakpoint[];
  budget?: RunBudget;
  replay?: ReplayRequest;
};

export type RunsApiOptions = { baseUrl?: string; fetch?: typeof fetch };

/** Events fetched per page; the server may answer fewer, callers page until an empty answer. */
export const EVENTS_PAGE = 5000;

export function runApiPath(runId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}`;
}

export function createRunsApi(options: RunsApiOptions = {}): RunsApi {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? authorizedFetch;

  const request = createJsonRequest(baseUrl, doFetch);
  const post = <T>(path: string, body: unknown, method = 'POST') =>
    request<T>(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  return {
    async startRun(workflowId, body) {
      const answer = await post<{ runId?: string }>(`${workflowApiPath(workflowId)}/runs`, body);
      if (typeof answer?.runId !== 'string') throw new ApiError(200, 'bad_response', 'starting a run gave no runId');
      return { runId: answer.runId };
    },
    async importDecisionLog(workflowId, stepId) {
      const answer = await post<{ runId?: string }>(`${workflowApiPath(workflowId)}/runs/import`, { stepId });
      if (typeof answer?.runId !== 'string') throw new ApiError(200, 'bad_response', 'importing a decision log gave no runId');
      return { runId: answer.runId };
    },
    async listRuns(workflowId, signal) {
      const body = await request<{ runs?: RunSummary[] } | RunSummary[]>(`/api/runs?workflow=${encodeURIComponent(workflowId)}`, { signal });
      const runs = Array.isArray(body) ? body : body?.runs;
      if (!Array.isArray(runs)) throw new ApiError(200, 'bad_response', 'GET /api/runs: no `runs` list');
      return runs;
    },
    async getRun(runId, signal) {
      const body = await request<RunSummary | { run: RunSummary }>(runApiPath(runId), { signal });
      return 'run' in body && body.run ? body.run : (body as RunSummary);
    },
    async cancelRun(runId) {
      await post<unknown>(`${runApiPath(runId)}/cancel`, {});
    },
    async answerInput(runId, answer) {
      await post<unknown>(`${runApiPath(runId)}/input`, { answer });
    },
    async editObjective(runId, objective, stepId) {
      await post<unknown>(`${runApiPath(runId)}/objective`, { objective, ...(stepId ? { stepId } : {}) }, 'PUT');
    },
    async getEvents(runId, after, limit = EVENTS_PAGE, signal) {
      const body = await request<{ events?: unknown[]; notices?: LogNotice[] }>(`${runApiPath(runId)}/events?after=${after}&limit=${limit}`, { signal });
      if (!Array.isArray(body?.events)) throw new ApiError(200, 'bad_response', 'GET events: no `events` list');
      // The web's edge for stored events, as for streamed ones (run-stream.ts): envelopes are
      // read and known payloads checked against their schemas; anything else is passed over.
      const events: PlanvasEvent[] = [];
      for (const value of body.events) {
        const event = parseEventEnvelope(value);
        if (event) events.push(event);
      }
      return { events, skippedSeqs: skippedSeqsOf(after, events, Array.isArray(body.notices) ? body.notices : []) };
    },
    async resumeRun(runId, body) {
      await post<unknown>(`${runApiPath(runId)}/resume`, body);
    },
    async getBreakpoints(workflowId) {
      const body = await request<{ breakpoints?: Breakpoint[] }>(`${workflowApiPath(workflowId)}/breakpoints`);
      return Array.isArray(body?.breakpoints) ? body.breakpoints : [];
    },
    async saveBreakpoints(workflowId, breakpoints) {
      const body = await post<{ breakpoints?: Breakpoint[] }>(`${workflowApiPath(workflowId)}/breakpoints`, { breakpoints }, 'PUT');
      return Array.isArray(body?.breakpoints) ? body.breakpoints : breakpoints;
    },
  };
}
