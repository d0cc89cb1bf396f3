import { describe, expect, it } from 'vitest';
import { WorkspaceSettings } from '../view/workspace-settings';
import type { PlanvasEvent } from './envelopes';
import type { LlmUsage } from './usage-schema';
import { callCostUsd, UsageSummary } from './usage-summary';

const call = (over: Partial<LlmUsage>): LlmUsage => ({
  step_id: 'work',
  agent: 'orchestrator',
  model: 'm',
  provider: 'p',
  input_tokens: 100,
  output_tokens: 10,
  latency_ms: 5,
  simulated: false,
  ...over,
});
const envelope = (seq: number, data: LlmUsage): PlanvasEvent => ({ seq, type: 'llm_usage', timestamp: '2026-12-03T10:00:00Z', data });

describe('callCostUsd', () => {
  it('prices cached prompt tokens at the cache price and the rest at the input price', () => {
    const price = { provider: 'p', model: 'm', inputPerMTok: 2, outputPerMTok: 8, cacheReadPerMTok: 0.5 };
    expect(callCostUsd({ input_tokens: 1_000_000, output_tokens: 1_000_000, cache_read_tokens: 400_000 }, price)).toBeCloseTo(1.2 + 0.2 + 8, 12);
    // Without a cache price, cached tokens cost what input costs; more cached than input is clamped.
    expect(callCostUsd({ input_tokens: 100, output_tokens: 0, cache_read_tokens: 500 }, { ...price, cacheReadPerMTok: undefined })).toBeCloseTo(0.0002, 12);
  });
});

describe('UsageSummary', () => {
  it('counts each call once in the total and once in every group it belongs to, groups in first-seen order', () => {
    const summary = new UsageSummary([{ provider: 'p', model: 'm', inputPerMTok: 1, outputPerMTok: 1 }]);
    summary.addEvents([
      envelope(1, call({ iteration: 1 })),
      { seq: 2, type: 'step_status', timestamp: 't', data: { step_id: 'work', status: 'running' } },
      envelope(3, call({ iteration: 1, agent: 'sub_agent', todo_id: 't2', route_id: 'r2', model: 'other' })),
      envelope(4, call({ iteration: 2, agent: 'sub_agent', todo_id: 't1', route_id: 'r1', simulated: true, cache_read_tokens: 30, reasoning_tokens: 4 })),
    ]);
    const usage = summary.result();
    expect(usage.total).toEqual({
      calls: 3,
      inputTokens: 300,
      outputTokens: 30,
      cacheReadTokens: 30,
      reasoningTokens: 4,
      latencyMs: 15,
      costUsd: 220 / 1_000_000,
      unpricedCalls: 1,
      simulatedCalls: 1,
    });
    expect(usage.iterations.map((i) => [i.iteration, i.calls])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(usage.todos.map((t) => t.todoId)).toEqual(['t2', 't1']);
    expect(usage.routes.find((r) => r.routeId === 'r2')).toMatchObject({ calls: 1, unpricedCalls: 1 });
    expect(usage.routes.find((r) => r.routeId === 'r2')!.costUsd).toBeUndefined();
    expect(usage.models.map((m) => [m.model, m.calls])).toEqual([
      ['m', 2],
      ['other', 1],
    ]);
  });
});

describe('workspace pricing', () => {
  it('refuses a second price for the same provider and model, at its index', () => {
    const parsed = WorkspaceSettings.safeParse({
      pricing: [
        { provider: 'p', model: 'm', inputPerMTok: 1, outputPerMTok: 1 },
        { provider: 'p', model: 'n', inputPerMTok: 1, outputPerMTok: 1 },
        { provider: 'p', model: 'm', inputPerMTok: 2, outputPerMTok: 2 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['pricing.2', 'p m already has a price at pricing[0]']]);
  });
});
