import { z } from 'zod';

/** `paused`: stopped at a breakpoint, a budget or in step mode until POST /api/runs/:runId/resume. */
export const RunStatus = z.enum(['running', 'waiting_input', 'paused', 'completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

/** Statuses after which a run never changes again. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'cancelled'];
export function isFinalRunStatus(status: RunStatus): boolean {
  return FINAL_RUN_STATUSES.includes(status);
}

/** Where a run's events come from. `external`: an outside runtime posts them; `import`: a decision log. */
export const RunProvider = z.enum(['scripted', 'openai', 'external', 'import']);
export type RunProvider = z.infer<typeof RunProvider>;

/** The providers planvas itself can run a workflow with. */
export const ExecutionProvider = z.enum(['scripted', 'openai']);
export type ExecutionProvider = z.infer<typeof ExecutionProvider>;

/** One row of the run index (lowdb): enough for the runs list without reading the event log. */
export const RunSummary = z.object({
  id: z.string(),
  workflowId: z.string(),
  status: RunStatus,
  provider: RunProvider,
  startedAt: z.string(),
  endedAt: z.string().optional(),
  eventCount: z.number().int().nonnegative(),
  /** Leaf todos of the latest todo list seen in the run (parents are not counted: docs/formats.md "Todo tree and progress"). */
  todos: z.object({ completed: z.number().int(), total: z.number().int() }),
  /** Set when the run was branched ("continue from here") from another run's iteration. */
  parent: z.object({ runId: z.string(), iteration: z.number().int(), stepId: z.string().optional() }).optional(),
  error: z.string().optional(),
  /** The step running now (absent once the run has ended). */
  currentStepId: z.string().optional(),
  /** Latest todo_task iteration seen. */
  iteration: z.number().int().nonnegative().optional(),
  /** The question the run waits on while `status` is `waiting_input`. */
  waitingInput: z.object({ stepId: z.string(), question: z.string(), responseType: z.string().optional(), options: z.array(z.string()).optional() }).optional(),
  /** Where the run is paused while `status` is `paused`: the breakpoint that stopped it and what it was about to do. */
  paused: z
    .object({
      on: z.string(),
      stepId: z.string().optional(),
      iteration: z.number().int().optional(),
      pending: z.record(z.string(), z.unknown()).optional(),
      reason: z.string().optional(),
    })
    .optional(),
  /** For imported runs: the decision-log file read. */
  importedFrom: z.string().optional(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** The event envelope, as stored (JSON Lines) and as streamed (SSE `data:`). */
export const EventEnvelope = z.object({
  seq: z.number().int().positive(),
  type: z.string().min(1),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
