import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope, RunSummary } from '@planvas/shared';
import { expectApiError } from '../../test-support/fixture-workspace';
import { useWorkflowApp } from '../../test-support/workflow-app';
import { runEvents, runSummary, startRun, todoTaskPlan, until, waitForStatus } from '../../test-support/run-harness';

// The scripted provider plans todo_task "work" of todoTaskPlan({ routes: 2 }) as: "Route 1" with
// "Route 1: gather inputs" and "Route 1: write results" (route r1), and "Route 2" (route r2); it
// delegates the leaves in order: iterations 1-2 to r1, 3 to r2, then completes (iteration 4 or 5).
const WF = 'Test/Debug';
const t = useWorkflowApp({
  [WF]: { plan: todoTaskPlan({ routes: 2 }) },
  'Test/Unvalidated': { plan: todoTaskPlan({ routes: 1, validation: { files: [{ file_name: 'never-written.json', must_exist: true }] } }) },
});

const resume = (runId: string, body: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: `/api/runs/${runId}/resume`, payload: body });
const paused = (runId: string) => waitForStatus(t.app, runId, ['paused', 'completed', 'failed']);
const typed = (events: EventEnvelope[], type: string) => events.filter((e) => e.type === type).map((e) => e.data);

async function expectPaused(runId: string): Promise<NonNullable<RunSummary['paused']>> {
  const run = await paused(runId);
  expect(run.status, run.error).toBe('paused');
  return run.paused!;
}

describe('breakpoints', () => {
  it('before_turn: pauses before every orchestrator turn of the step until resumed, then completes', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_turn', stepId: 'work' }] });
    const iterations: number[] = [];
    for (;;) {
      const run = await paused(runId);
      if (run.status !== 'paused') {
        expect(run.status).toBe('completed');
        break;
      }
      expect(run.paused).toMatchObject({ on: 'before_turn', stepId: 'work' });
      iterations.push(run.paused!.iteration!);
      expect((await resume(runId)).statusCode).toBe(200);
      await until(
        async () => (await runSummary(t.app, runId)).status !== 'paused' || (await runSummary(t.app, runId)).paused?.iteration !== run.paused!.iteration,
        'the run to go on',
      );
    }
    const turns = typed(await runEvents(t.app, runId), 'todo_task_route_selected').length;
    expect(iterations).toEqual(Array.from({ length: turns }, (_, i) => i + 1));
  });

  it('a breakpoint on another step never pauses', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_turn', stepId: 'elsewhere' }] });
    expect((await waitForStatus(t.app, runId, ['completed', 'failed', 'paused'])).status).toBe('completed');
  });

  it('before_delegate to one route: shows the pending decision; a changed decision is carried out and recorded with what changed', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_delegate', routeId: 'r2' }] });
    const pause = await expectPaused(runId);
    expect(pause).toMatchObject({ on: 'before_delegate', stepId: 'work', pending: { next_action: 'delegate', selected_route_id: 'r2' } });
    const iteration = pause.iteration!;
    const todoId = pause.pending!['todo_id_to_execute'] as string;

    // A decision that names a route the step does not have is refused; the run stays paused.
    const refused = await resume(runId, { decision: { selected_route_id: 'r9' } });
    expectApiError(refused, 400);
    expect(refused.json()).toMatchObject({ code: 'decision_invalid', details: [{ path: '$.decision', message: 'step "work" has no route "r9"' }] });
    const malformed = await resume(runId, { decision: { next_action: 'jump' } });
    expectApiError(malformed, 400);
    expect((await runSummary(t.app, runId)).status).toBe('paused');

    const taken = await resume(runId, { decision: { selected_route_id: 'r1', instructions_to_sub_agent: 'Do it the r1 way' } });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ mode: 'continue', overridden: true });
    expect((await waitForStatus(t.app, runId, ['completed', 'failed'])).status).toBe('completed');

    const events = await runEvents(t.app, runId);
    const [override] = typed(events, 'decision_overridden');
    expect(override).toMatchObject({
      step_id: 'work',
      iteration,
      before: { selected_route_id: 'r2' },
      after: { selected_route_id: 'r1', instructions_to_sub_agent: 'Do it the r1 way' },
    });
    expect((override!['changed'] as string[]).sort()).toEqual(['instructions_to_sub_agent', 'selected_route_id']);
    // What was carried out: the route-selected event of that iteration and the sub-agent that ran.
    const decision = typed(events, 'todo_task_route_selected').find((d) => d['iteration'] === iteration);
    expect(decision).toMatchObject({ selected_route_id: 'r1', selected_route_name: 'Route 1', todo_id_to_execute: todoId });
    const subAgents = typed(events, 'step_status').filter((s) => s['iteration'] === iteration && s['parent_step_id'] === 'work' && s['status'] === 'executing');
    expect(subAgents.map((s) => s['route_id'])).toEqual(['r1']);
  });

  it('todo_created with a match: pauses once, naming the todos that matched', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'todo_created', match: 'WRITE results' }] });
    const pause = await expectPaused(runId);
    expect(pause).toMatchObject({ on: 'todo_created', iteration: 1 });
    const events = await runEvents(t.app, runId);
    expect(typed(events, 'run_status').at(-1)).toMatchObject({ status: 'paused', todo_titles: ['Route 1: write results'] });
    await resume(runId);
    expect((await waitForStatus(t.app, runId, ['completed', 'failed', 'paused'])).status).toBe('completed');
  });

  it('validation_failed: pauses before the step fails, and fails with the reason once resumed', async () => {
    const runId = await startRun(t.app, 'Test/Unvalidated', { paceMs: 0, breakpoints: [{ on: 'validation_failed' }] });
    const pause = await expectPaused(runId);
    expect(pause).toMatchObject({ on: 'validation_failed', stepId: 'work' });
    expect(pause.reason).toContain('never-written.json');
    await resume(runId);
    const run = await waitForStatus(t.app, runId, ['completed', 'failed']);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('validation failed');
  });
});

describe('step mode', () => {
  it('step runs one orchestrator turn and pauses again before the next; continue runs to the end', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_delegate', routeId: 'r1' }] });
    const first = await expectPaused(runId);
    expect(first).toMatchObject({ on: 'before_delegate', iteration: 1 });
    expect((await resume(runId, { mode: 'step' })).json()).toMatchObject({ mode: 'step' });
    await until(async () => (await runSummary(t.app, runId)).paused?.on === 'step', 'the step-mode pause');
    expect((await runSummary(t.app, runId)).paused).toMatchObject({ on: 'step', iteration: 2 });
    // Iteration 2 delegates to r1 again: its breakpoint pauses too.
    await resume(runId);
    await until(async () => (await runSummary(t.app, runId)).paused?.on === 'before_delegate', 'the r1 breakpoint of iteration 2');
    expect((await runSummary(t.app, runId)).paused?.iteration).toBe(2);
    await resume(runId);
    expect((await waitForStatus(t.app, runId, ['completed', 'failed'])).status).toBe('completed');
  });
});

describe('budget', () => {
  it('pauses once when the run has used its tokens, saying how many; resumed, it runs to the end', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, budget: { maxTokens: 1 } });
    const pause = await expectPaused(runId);
    expect(pause.on).toBe('budget');
    const status = typed(await runEvents(t.app, runId), 'run_status').at(-1)!;
    expect((status['used'] as { tokens: number }).tokens).toBeGreaterThan(1);
    expect(status['reason']).toContain('budget');
    await resume(runId);
    expect((await waitForStatus(t.app, runId, ['completed', 'failed', 'paused'])).status).toBe('completed');
  });

  it('a cost budget pauses only once the calls are priced', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { pricing: [{ provider: 'scripted', model: 'scripted', inputPerMTok: 1000, outputPerMTok: 1000 }] },
    });
    const runId = await startRun(t.app, WF, { paceMs: 0, budget: { maxCost: 0.0001 } });
    expect((await expectPaused(runId)).on).toBe('budget');
    await resume(runId);
    await waitForStatus(t.app, runId, ['completed']);
  });
});

describe('bad requests', () => {
  it('resume of a run that is not paused is a conflict; a bad mode or a field of another breakpoint kind is refused with its path', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0 });
    await waitForStatus(t.app, runId, ['completed']);
    expect((await resume(runId)).json()).toMatchObject({ code: 'not_paused' });
    expectApiError(await resume(runId, { mode: 'jump' }), 400);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/workflows/${encodeURIComponent(WF)}/runs`,
      payload: { breakpoints: [{ on: 'before_turn', routeId: 'r1' }] },
    });
    expectApiError(bad, 400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: '$.breakpoints[0].routeId' })]);
  });

  it('a decision given at a pause without a pending one is refused', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_turn' }] });
    await expectPaused(runId);
    expect((await resume(runId, { decision: { selected_route_id: 'r1' } })).json()).toMatchObject({ code: 'no_pending_decision' });
  });

  it('cancelling a paused run ends it as cancelled', async () => {
    const runId = await startRun(t.app, WF, { paceMs: 0, breakpoints: [{ on: 'before_turn' }] });
    await expectPaused(runId);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    expect(cancelled.json().run.status).toBe('cancelled');
  });
});

describe('saved breakpoints', () => {
  const url = `/api/workflows/${encodeURIComponent(WF)}/breakpoints`;

  it('are kept in planvas state (plan.json untouched), apply to every run of the workflow, and follow a rename', async () => {
    const planBefore = await readFile(join(t.ws.root, WF, 'planning', 'plan.json'), 'utf8');
    const saved = await t.app.inject({ method: 'PUT', url, payload: { breakpoints: [{ on: 'before_delegate', routeId: 'r2' }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url })).json()).toEqual({ breakpoints: [{ on: 'before_delegate', routeId: 'r2' }] });
    expect(await readFile(join(t.ws.root, WF, 'planning', 'plan.json'), 'utf8')).toBe(planBefore);

    const runId = await startRun(t.app, WF, { paceMs: 0 });
    expect(await expectPaused(runId)).toMatchObject({ on: 'before_delegate', pending: { selected_route_id: 'r2' } });
    await t.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });

    const renamed = await t.app.inject({ method: 'POST', url: `/api/workflows/${encodeURIComponent(WF)}/rename`, payload: { newId: 'Test/Renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.app.inject({ url: `/api/workflows/${encodeURIComponent('Test/Renamed')}/breakpoints` })).json().breakpoints).toHaveLength(1);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses a list with a bad breakpoint, naming it; the saved list stays', async () => {
    await t.app.inject({ method: 'PUT', url, payload: { breakpoints: [{ on: 'before_turn' }] } });
    const bad = await t.app.inject({ method: 'PUT', url, payload: { breakpoints: [{ on: 'before_turn' }, { on: 'after_lunch' }] } });
    expectApiError(bad, 400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: '$.breakpoints[1].on' })]);
    expect((await t.app.inject({ url })).json()).toEqual({ breakpoints: [{ on: 'before_turn' }] });
  });
});
