import type { EventEnvelope } from '@planvas/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { createRunsApi, type RunsApi } from '../../api/runs-api';
import { FakeEventSource } from '../../test/fake-event-source';
import { fakeRunsFetch, fakeRunSummary, type FakeRun } from '../../test/fake-runs-fetch';
import { createRunTestStore } from '../../test/run-test-store';

const ev = (seq: number, type: string, data: Record<string, unknown>): EventEnvelope => ({
  seq,
  type,
  timestamp: `2026-01-01T10:00:${String(seq).padStart(2, '0')}Z`,
  data,
});
const step = { step_index: 1, step_path: 'step-1', step_id: 'research' };

function setup(runs: Map<string, FakeRun>, onStart?: Parameters<typeof fakeRunsFetch>[1]) {
  const http = fakeRunsFetch(runs, onStart);
  const store = createRunTestStore(
    { api: createRunsApi({ fetch: http.fetch }), createEventSource: (url) => new FakeEventSource(url), stream: { flushDelayMs: 0 } },
    { workflowId: 'Workflow/ResearchReport' },
  );
  return { store, requests: http.requests };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('run slice', () => {
  it('keeps events in seq order without repeats, whatever order they are ingested in', () => {
    const { store } = setup(new Map());
    store.setState({ followedRunId: 'r1' });
    const { ingestRunEvents } = store.getState();
    ingestRunEvents('r1', [ev(2, 'step_status', { step_id: 'a', status: 'running' }), ev(1, 'run_status', { status: 'running' })]);
    ingestRunEvents('r1', [ev(2, 'step_status', { step_id: 'a', status: 'running' }), ev(3, 'step_status', { step_id: 'a', status: 'completed' })]);
    // Another run's events never leak into the followed one.
    ingestRunEvents('other', [ev(4, 'step_status', { step_id: 'b', status: 'running' })]);
    expect(store.getState().runEvents.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(store.getState().run.stepStatuses).toEqual({ a: 'completed' });
  });

  it('opens a finished run from its stored events without a live stream', async () => {
    const events = [
      ev(1, 'run_status', { status: 'running' }),
      ev(2, 'step_status', { step_id: 'research', status: 'completed' }),
      ev(3, 'run_status', { status: 'completed' }),
    ];
    const { store } = setup(new Map([['r1', { summary: fakeRunSummary('r1', { status: 'completed' }), events }]]));
    await store.getState().openRun('r1');
    expect(store.getState()).toMatchObject({ followedRunId: 'r1', runEventsStatus: 'ready', streamState: 'idle' });
    expect(store.getState().runEvents).toHaveLength(3);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('follows a live run from the last stored seq and stops following when another run is opened', async () => {
    const runs = new Map<string, FakeRun>([
      ['live', { summary: fakeRunSummary('live'), events: [ev(1, 'run_status', { status: 'running' })] }],
      ['old', { summary: fakeRunSummary('old', { status: 'completed' }), events: [ev(1, 'run_status', { status: 'completed' })] }],
    ]);
    const { store } = setup(runs);
    await store.getState().openRun('live');
    const es = FakeEventSource.last();
    expect(es.url).toBe('/api/runs/live/stream?after=1');
    es.open();
    es.send(ev(2, 'step_status', { step_id: 'research', status: 'orchestrating' }));
    expect(store.getState().run.stepStatuses).toEqual({ research: 'orchestrating' });
    expect(store.getState().streamState).toBe('live');
    await store.getState().openRun('old');
    expect(es.closed).toBe(true);
    es.send(ev(3, 'step_status', { step_id: 'research', status: 'completed' }));
    expect(store.getState().runEvents.map((e) => e.seq)).toEqual([1]);
  });

  it('starts a run of the open workflow with the chosen provider and pace, and follows it', async () => {
    const runs = new Map<string, FakeRun>();
    const { store, requests } = setup(runs, (_wf, body) => ({
      summary: fakeRunSummary('new', { provider: (body['provider'] as 'scripted') ?? 'scripted' }),
      events: [],
    }));
    const runId = await store.getState().startRun({ provider: 'scripted', paceMs: 0 });
    expect(runId).toBe('new');
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/workflows/Workflow%2FResearchReport/runs',
      body: { provider: 'scripted', paceMs: 0 },
    });
    expect(store.getState().followedRunId).toBe('new');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().runs.map((r) => r.id)).toEqual(['new']);
  });

  it('continues from an iteration: the new run names its parent run and iteration', async () => {
    const runs = new Map<string, FakeRun>([['parent', { summary: fakeRunSummary('parent', { status: 'completed' }), events: [] }]]);
    const { store, requests } = setup(runs, () => ({ summary: fakeRunSummary('child', { parent: { runId: 'parent', iteration: 2 } }), events: [] }));
    await store.getState().loadRuns();
    const child = await store.getState().continueFrom('parent', 2, 'research');
    expect(child).toBe('child');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ from: { runId: 'parent', iteration: 2, stepId: 'research' } });
    expect(store.getState().followedRunId).toBe('child');
  });

  it('sends answers, objective edits and cancels for the followed run, and reports failures', async () => {
    const runs = new Map<string, FakeRun>([
      ['r1', { summary: fakeRunSummary('r1', { status: 'completed' }), events: [ev(1, 'todo_task_item_created', { ...step, todo_id: 't', title: 'T' })] }],
    ]);
    const { store, requests } = setup(runs);
    await store.getState().openRun('r1');
    await store.getState().answerInput('yes');
    await store.getState().editObjective('New goal');
    await store.getState().cancelRun();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'POST', path: '/api/runs/r1/input', body: { answer: 'yes' } },
      { method: 'PUT', path: '/api/runs/r1/objective', body: { objective: 'New goal', stepId: 'research' } },
      { method: 'POST', path: '/api/runs/r1/cancel', body: {} },
    ]);
    await store.getState().openRun('missing');
    expect(store.getState().runEventsStatus).toBe('error');
    expect(store.getState().runError).toMatch(/no such run/);
    // The user reads it in a toast.
    expect(store.getState().toasts.at(-1)).toMatchObject({ tone: 'error', message: 'Could not open run missing: no such run' });
  });

  it('says why a run could not start in an error toast, with the details that add something', async () => {
    const api = createRunsApi({ fetch: fakeRunsFetch(new Map()).fetch });
    const message = 'the openai provider needs PLANVAS_OPENAI_API_KEY';
    const refusing: RunsApi = {
      ...api,
      startRun: () =>
        Promise.reject(
          new ApiError(400, 'provider_unavailable', message, [
            { path: '$.provider', message },
            { path: '$.model', message: 'no model' },
          ]),
        ),
    };
    const store = createRunTestStore({ api: refusing }, { workflowId: 'Workflow/ResearchReport' });
    expect(await store.getState().requestRun({ provider: 'openai' })).toBeNull();
    expect(store.getState().toasts).toEqual([
      { id: expect.any(Number), tone: 'error', message: `Could not start the run: ${message}`, details: [{ path: '$.model', message: 'no model' }] },
    ]);
    expect(store.getState().followedRunId).toBeNull();
  });

  it("lists runs newest first and patches the followed run's row from its events", async () => {
    const runs = new Map<string, FakeRun>([
      ['a', { summary: fakeRunSummary('a', { startedAt: '2026-01-01T09:00:00Z', status: 'completed' }), events: [] }],
      ['b', { summary: fakeRunSummary('b', { startedAt: '2026-01-01T11:00:00Z' }), events: [] }],
    ]);
    const { store } = setup(runs);
    await store.getState().loadRuns();
    expect(store.getState().runs.map((r) => r.id)).toEqual(['b', 'a']);
    await store.getState().openRun('b');
    store.getState().ingestRunEvents('b', [
      ev(1, 'todo_snapshot', {
        step_id: 'research',
        iteration: 1,
        todos: [
          { id: 'x', title: 'X', status: 'completed' },
          { id: 'y', title: 'Y', status: 'open' },
        ],
      }),
      ev(2, 'run_status', { status: 'failed', reason: 'boom' }),
    ]);
    expect(store.getState().runs[0]).toMatchObject({ id: 'b', status: 'failed', todos: { completed: 1, total: 2 }, iteration: 1 });
  });
});
