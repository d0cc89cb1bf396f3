import type { LlmUsage } from '@planvas/shared';
import type { UsageSink } from './providers/provider';
import type { RunContext } from './run-context';

/** Where a model call was made, as `llm_usage` says it. */
export type CallSite = Pick<LlmUsage, 'step_id' | 'agent'> & { iteration?: number; todo_id?: string; route_id?: string; sub_agent_step_id?: string };

/**
 * The sink a provider reports its model calls to for one request: each call becomes an
 * `llm_usage` event of the run, with the call site and the provider's name (docs/api.md "Usage and
 * cost"), and counts towards the run's budget.
 */
export function usageSink(ctx: RunContext, site: CallSite): UsageSink {
  return (call) => {
    ctx.emit({ type: 'llm_usage', data: { ...site, provider: ctx.provider.name, ...call } });
    ctx.debugger.noteUsage(call);
  };
}
