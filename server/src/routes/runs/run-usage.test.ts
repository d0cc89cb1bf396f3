import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope, RunUsage } from '@planvas/shared';
import { openAiEndpointFor, type ProtocolServer } from '../../test-support/chat-completions-server';
import { appFor, copyFixtureWorkspace, expectApiError, type TempWorkspace } from '../../test-support/fixture-workspace';
import { runEvents, startRun, todoTaskPlan, waitForStatus, writeWorkflow } from '../../test-support/run-harness';

let ws: TempWorkspace;
let app: FastifyInstance;
const saved = { ...process.env };

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  await writeWorkflow(ws.root, 'Test/Usage', todoTaskPlan({ routes: 2 }), {
    steps: [{ id: 'work', agent_configs: { execution_llm: { provider: 'openai', model_id: 'test-model-1' } } }],
  });
  app = await appFor(ws);
});
afterEach(async () => {
  await app.close();
  process.env = { ...saved };
  await ws.cleanup();
});

const usageOf = async (runId: string): Promise<RunUsage> => {
  const response = await app.inject({ url: `/api/runs/${runId}/usage` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RunUsage;
};
const usageEvents = (events: EventEnvelope[]) => events.filter((e) => e.type === 'llm_usage').map((e) => e.data);
const putPricing = (pricing: unknown) => app.inject({ method: 'PUT', url: '/api/settings', payload: { pricing } });

describe('usage of a scripted run', () => {
  it('records every call as simulated llm_usage, the same on every run, and sums it by step, iteration, todo, route and model', async () => {
    const first = await startRun(app, 'Test/Usage');
    expect((await waitForStatus(app, first, ['completed', 'failed'])).status).toBe('completed');
    const events = usageEvents(await runEvents(app, first));
    const turns = (await runEvents(app, first)).filter((e) => e.type === 'todo_task_route_selected').length;
    // One orchestrator call per turn, one sub-agent call per delegation (3 leaf todos of 2 routes), every one simulated.
    expect(events.filter((e) => e['agent'] === 'orchestrator')).toHaveLength(turns);
    expect(events.filter((e) => e['agent'] === 'sub_agent').map((e) => e['route_id'])).toEqual(['r1', 'r1', 'r2']);
    expect(events.every((e) => e['simulated'] === true && e['provider'] === 'scripted' && e['model'] === 'scripted' && (e['input_tokens'] as number) > 0)).toBe(
      true,
    );

    const usage = await usageOf(first);
    expect(usage.total.calls).toBe(events.length);
    expect(usage.total.simulatedCalls).toBe(events.length);
    expect(usage.total.inputTokens).toBe(events.reduce((sum, e) => sum + (e['input_tokens'] as number), 0));
    expect(usage.total.costUsd).toBeUndefined();
    expect(usage.total.unpricedCalls).toBe(events.length);
    expect(usage.steps.map((s) => [s.stepId, s.calls])).toEqual([['work', events.length]]);
    expect(usage.iterations.map((i) => i.iteration)).toEqual(Array.from({ length: turns }, (_, i) => i + 1));
    expect(usage.routes.map((r) => [r.routeId, r.calls])).toEqual([
      ['r1', 2],
      ['r2', 1],
    ]);
    expect(usage.todos).toHaveLength(3);
    expect(usage.models).toEqual([expect.objectContaining({ provider: 'scripted', model: 'scripted', calls: events.length })]);

    // Deterministic: a second run of the same plan reports the same counts.
    const second = await startRun(app, 'Test/Usage');
    await waitForStatus(app, second, ['completed']);
    const again = await usageOf(second);
    expect(again.total).toEqual(usage.total);
  });

  it('prices the calls with the workspace pricing, cached prompt tokens at their own price', async () => {
    const runId = await startRun(app, 'Test/Usage');
    await waitForStatus(app, runId, ['completed']);
    expect((await putPricing([{ provider: 'scripted', model: 'scripted', inputPerMTok: 2, outputPerMTok: 8 }])).statusCode).toBe(200);
    const usage = await usageOf(runId);
    const expected = (usage.total.inputTokens * 2 + usage.total.outputTokens * 8) / 1_000_000;
    expect(usage.total.costUsd).toBeCloseTo(expected, 12);
    expect(usage.total.unpricedCalls).toBe(0);
    const byRoutes = usage.routes.reduce((sum, r) => sum + (r.costUsd ?? 0), 0);
    expect(byRoutes).toBeLessThan(usage.total.costUsd!);
  });

  it('refuses a pricing list that prices one model twice or has a negative price, naming each place; the old pricing stays', async () => {
    await putPricing([{ provider: 'openai', model: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8 }]);
    const refused = await putPricing([
      { provider: 'openai', model: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8 },
      { provider: 'openai', model: 'o3', inputPerMTok: -1, outputPerMTok: 8 },
      { provider: 'openai', model: 'gpt-4.1', inputPerMTok: 3, outputPerMTok: 9 },
    ]);
    expectApiError(refused, 400);
    const paths = (refused.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['$.pricing[1].inputPerMTok', '$.pricing[2]']));
    expect((await app.inject({ url: '/api/settings' })).json().pricing).toEqual([{ provider: 'openai', model: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8 }]);
  });

  it('answers 404 for a run that does not exist', async () => {
    expectApiError(await app.inject({ url: '/api/runs/nope/usage' }), 404);
  });
});

describe('usage of an openai run', () => {
  let model: ProtocolServer;
  afterEach(async () => model.stop());

  it("records the endpoint's reported usage of every call, cached and reasoning tokens included, not simulated", async () => {
    model = await openAiEndpointFor('sk-test-usage');
    const runId = await startRun(app, 'Test/Usage', { provider: 'openai' });
    const run = await waitForStatus(app, runId, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');
    const events = usageEvents(await runEvents(app, runId));
    expect(events).toHaveLength(model.usages.length);
    expect(events.map((e) => [e['input_tokens'], e['output_tokens'], e['cache_read_tokens'], e['reasoning_tokens']])).toEqual(
      model.usages.map((u) => [u.prompt_tokens, u.completion_tokens, u.cached_tokens, u.reasoning_tokens]),
    );
    expect(events.every((e) => e['simulated'] === false && e['provider'] === 'openai' && e['model'] === 'test-model-1')).toBe(true);
    expect(events.every((e) => typeof e['latency_ms'] === 'number')).toBe(true);

    await putPricing([{ provider: 'openai', model: 'test-model-1', inputPerMTok: 2, outputPerMTok: 8, cacheReadPerMTok: 0.5 }]);
    const usage = await usageOf(runId);
    const sum = (f: (u: (typeof model.usages)[number]) => number) => model.usages.reduce((s, u) => s + f(u), 0);
    expect(usage.total).toMatchObject({
      calls: model.usages.length,
      inputTokens: sum((u) => u.prompt_tokens),
      cacheReadTokens: sum((u) => u.cached_tokens),
      simulatedCalls: 0,
    });
    const cost = sum((u) => (u.prompt_tokens - u.cached_tokens) * 2 + u.cached_tokens * 0.5 + u.completion_tokens * 8) / 1_000_000;
    expect(usage.total.costUsd).toBeCloseTo(cost, 12);
  });

  it('records a call whose reply has no usage with zero tokens and usage_missing', async () => {
    model = await openAiEndpointFor('sk-test-usage');
    model.mode = 'no-usage';
    const runId = await startRun(app, 'Test/Usage', { provider: 'openai' });
    await waitForStatus(app, runId, ['completed']);
    const events = usageEvents(await runEvents(app, runId));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e['usage_missing'] === true && e['input_tokens'] === 0)).toBe(true);
  });
});

describe('usage an external runtime sends', () => {
  it('is taken by ingest and counted; a bad llm_usage is refused whole with the path of each problem', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: 'Test/Usage' } });
    expect(created.statusCode, created.body).toBe(201);
    const runId = created.json().run.id as string;
    const call = {
      step_id: 'work',
      iteration: 1,
      agent: 'orchestrator',
      model: 'gpt-4.1',
      provider: 'openai',
      input_tokens: 1200,
      output_tokens: 300,
      latency_ms: 850,
      simulated: false,
    };
    const taken = await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: [{ type: 'llm_usage', data: call }] });
    expect(taken.statusCode, taken.body).toBe(200);

    const refused = await app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: [
        { type: 'llm_usage', data: { ...call, input_tokens: -5 } },
        { type: 'llm_usage', data: { ...call, simulated: undefined } },
      ],
    });
    expectApiError(refused, 400);
    expect((refused.json().details as Array<{ path: string }>).map((d) => d.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\[0\].*input_tokens/), expect.stringMatching(/\[1\].*simulated/)]),
    );
    const usage = await usageOf(runId);
    expect(usage.total).toMatchObject({ calls: 1, inputTokens: 1200, outputTokens: 300, latencyMs: 850, simulatedCalls: 0 });
  });
});
