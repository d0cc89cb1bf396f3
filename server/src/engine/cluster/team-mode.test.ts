// Team mode in one test process: two app instances on one PostgreSQL database and one workspace,
// A only enqueues (--no-execute), B drives runs. The multi-process checks (kill -9 of a worker,
// two API instances + two workers) are in team-processes.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventEnvelope } from '@planvas/shared';
import type { PgRunStore } from '../../runs/pg-run-store';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { describePg, usePgDatabase } from '../../test-support/pg-test-database';
import { runEvents, runSummary, startRun, waitForStatus } from '../../test-support/run-harness';

const DEMO = 'Workflow/ResearchReport';

describePg('team mode: an API instance that only enqueues and one that drives', () => {
  const pg = usePgDatabase();
  let ws: TempWorkspace;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    ws = await copyFixtureWorkspace();
    a = await appFor(ws, { team: { databaseUrl: pg.url(), execute: false } });
    b = await appFor(ws, { team: { databaseUrl: pg.url(), leaseMs: 2000 } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await ws?.cleanup();
  });

  it('runs a run started through A on B, shows it on both, and takes the answer through A', async () => {
    const runId = await startRun(a, DEMO);
    const waiting = await waitForStatus(a, runId, ['waiting_input', 'failed', 'completed']);
    expect(waiting.status, JSON.stringify(waiting)).toBe('waiting_input');
    expect(a.runEngine.isActive(runId)).toBe(false);
    expect(b.runEngine.isActive(runId)).toBe(true);

    const answer = await a.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'approve' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const done = await waitForStatus(b, runId, ['completed', 'failed']);
    expect(done.status).toBe('completed');

    const fromA = await runEvents(a, runId);
    const fromB = await runEvents(b, runId);
    expect(fromA).toEqual(fromB);
    expect(fromA.map((e: EventEnvelope) => e.seq)).toEqual(fromA.map((_, i) => i + 1));
    expect((await runSummary(a, runId)).eventCount).toBe(fromA.length);
    const listed = (await a.inject({ url: '/api/runs' })).json().runs as Array<{ id: string }>;
    expect(listed.map((r) => r.id)).toContain(runId);
  });

  it("refuses a bad answer with the worker's own error, through the other instance", async () => {
    const runId = await startRun(a, DEMO);
    await waitForStatus(a, runId, ['waiting_input']);
    const bad = await a.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'maybe later' } });
    expect(bad.statusCode, bad.body).toBe(400);
    const cancel = await a.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await waitForStatus(a, runId, ['cancelled'])).status).toBe('cancelled');
  });

  it('fences a worker that lost its lease: not one more event of its run is stored', async () => {
    const runs = b.runs as PgRunStore;
    const run = await runs.create({ workflowId: DEMO, provider: 'scripted' });
    await b.database!.query("INSERT INTO run_queue (run_id, request, lease_owner, lease_until) VALUES ($1, '{}', 'worker-1', now() + interval '1 minute')", [
      run.id,
    ]);
    runs.fence(run.id, 'worker-1');
    await runs.append(run.id, [{ type: 'run_status', data: { status: 'running' } }]);
    // Another worker took the run over (its lease ran out meanwhile).
    await b.database!.query("UPDATE run_queue SET lease_owner = 'worker-2' WHERE run_id = $1", [run.id]);
    await expect(runs.append(run.id, [{ type: 'run_status', data: { status: 'completed' } }])).rejects.toMatchObject({ code: 'lease_lost' });
    expect((await runs.events(run.id)).map((e) => e.seq)).toEqual([1]);
  });

  it('fails a taken-over run that has no todo snapshot to resume from, saying why', async () => {
    const run = await b.runs.create({ workflowId: DEMO, provider: 'scripted' });
    const outcome = await b.runEngine.drive(run.id, { paceMs: 0 }, { worker: 'worker-2', from: 'worker-1' });
    expect(outcome.status).toBe('failed');
    const events = await runEvents(a, run.id);
    expect(events.map((e) => [e.type, e.data['status']])).toEqual([['run_status', 'failed']]);
    expect(String(events[0]!.data['reason'])).toContain('worker-1) stopped before the run');
    expect((await runSummary(a, run.id)).status).toBe('failed');
  });

  it('keeps settings and views in the database for every instance', async () => {
    const settings = { defaultLlm: { provider: 'openai', model_id: 'gpt-x' } };
    const put = await a.inject({ method: 'PUT', url: '/api/settings', payload: settings });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(async () => (await b.inject({ url: '/api/settings' })).json()).toEqual(settings);
    const view = (await a.inject({ url: `/api/workflows/${encodeURIComponent(DEMO)}/view` })).json();
    const changed = { ...view, direction: view.direction === 'LR' ? 'TB' : 'LR' };
    expect((await b.inject({ method: 'PUT', url: `/api/workflows/${encodeURIComponent(DEMO)}/view`, payload: changed })).statusCode).toBe(200);
    await expect.poll(async () => (await a.inject({ url: `/api/workflows/${encodeURIComponent(DEMO)}/view` })).json()).toEqual(changed);
  });
});

describePg('team mode with no worker running', () => {
  const pg = usePgDatabase();
  let ws: TempWorkspace;
  let api: FastifyInstance;

  beforeAll(async () => {
    ws = await copyFixtureWorkspace();
    api = await appFor(ws, { team: { databaseUrl: pg.url(), execute: false } });
  });
  afterAll(async () => {
    await api?.close();
    await ws?.cleanup();
  });

  it('keeps a run queued until a worker comes, and cancels a queued run at once', async () => {
    const runId = await startRun(api, DEMO);
    const queued = await runSummary(api, runId);
    expect(queued).toMatchObject({ status: 'running', eventCount: 0 });
    const cancel = await api.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().run.status).toBe('cancelled');
    const queue = await api.database!.query('SELECT run_id FROM run_queue WHERE run_id = $1', [runId]);
    expect(queue.rowCount).toBe(0);
  });
});
