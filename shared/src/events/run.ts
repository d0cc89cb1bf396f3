import { z } from 'zod';

export const RunStatus = z.enum(['running', 'waiting_input', 'completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

/** Where a run's events come from. `external`: an outside runtime posts them; `import`: a decision log. */
export const RunProvider = z.enum(['scripted', 'openai', 'external', 'import']);
export type RunProvider = z.infer<typeof RunProvider>;

/** One row of the run index (lowdb): enough for the runs list without reading the event log. */
export const RunSummary = z.object({
  id: z.string(),
  workflowId: z.string(),
  status: RunStatus,
  provider: RunProvider,
  startedAt: z.string(),
  endedAt: z.string().optional(),
  eventCount: z.number().int().nonnegative(),
  todos: z.object({ completed: z.number().int(), total: z.number().int() }),
  /** Set when the run was branched ("continue from here") from another run's iteration. */
  parent: z.object({ runId: z.string(), iteration: z.number().int() }).optional(),
  error: z.string().optional(),
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
