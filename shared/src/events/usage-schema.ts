import { z } from 'zod';
import { optional } from '../plan/common';

/**
 * `llm_usage`: one model call, as the engine records it after the provider answered (docs/api.md
 * "Usage and cost"). `input_tokens` counts every prompt token, cached ones included (as the
 * OpenAI-compatible `usage.prompt_tokens` does); `cache_read_tokens` says how many of them were
 * read from the cache. `simulated` marks counts that no model produced: the scripted provider
 * derives them from text sizes, and every place that shows them says so.
 */
const Tokens = z.number().int().nonnegative();

/** Who made the call: the todo_task orchestrator, a predefined route's sub-agent, the generic agent, a step's own agent, a branch choice. */
export const UsageAgent = z.string().min(1);

export const LlmUsageFields = {
  timestamp: optional(z.string()),
  trace_id: optional(z.string()),
  span_id: optional(z.string()),
  step_id: z.string().min(1),
  iteration: optional(z.number().int().positive()),
  todo_id: optional(z.string().min(1)),
  route_id: optional(z.string().min(1)),
  agent: UsageAgent,
  model: z.string(),
  provider: z.string(),
  input_tokens: Tokens,
  output_tokens: Tokens,
  cache_read_tokens: optional(Tokens),
  reasoning_tokens: optional(Tokens),
  latency_ms: z.number().nonnegative(),
  simulated: z.boolean(),
  /** The endpoint reported no usage: the tokens are unknown (recorded as 0). */
  usage_missing: optional(z.boolean()),
  /** For a delegation: the sub-agent step that did the work (`step_id` is the delegating step). */
  sub_agent_step_id: optional(z.string()),
};
export const LlmUsage = z.looseObject(LlmUsageFields);
export type LlmUsage = z.infer<typeof LlmUsage>;

/** One model's prices in US dollars per million tokens (workspace settings `pricing`). */
export const ModelPrice = z.object({
  provider: z.string().min(1),
  model: z.string().min(1),
  inputPerMTok: z.number().nonnegative(),
  outputPerMTok: z.number().nonnegative(),
  /** Cached prompt tokens; without it they cost what other input tokens cost. */
  cacheReadPerMTok: z.number().nonnegative().optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;
