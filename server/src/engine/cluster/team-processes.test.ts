// Team mode as it is deployed: two API instances (`pnpm start -- --database-url … --no-execute`) and
// two workers (`pnpm planvas worker`), each a real process, on one PostgreSQL database and one
// workspace. A viewer on instance B follows a run started through A across a dropped connection;
// the worker driving it is killed with SIGKILL and the other takes it over; every event reaches
// the viewer exactly once.
import type { EventEnvelope } from '@planvas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { withClient } from '../../test-support/pg-cluster';
import { describePg, usePgDatabase } from '../../test-support/pg-test-database';
import { startTsx, type Running } from '../../test-support/run-process';
import { eventually, openSse, type SseClient } from '../../test-support/sse-client';

const DEMO = 'Workflow/ResearchReport';
/** Short leases so a killed worker's run moves on within seconds. */
const LEASE_MS = '1500';

describePg('team mode across processes: 2 API instances + 2 workers', () => {
  const pgDb = usePgDatabase();
  let ws: TempWorkspace;
  const processes: Running[] = [];
  let apiA = '';
  let apiB = '';
  const workers = new Map<string, Running>();

  const api = async (base: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const runOf = async (base: string, runId: string) => (await api(base, `/api/runs/${runId}`)).json['run'] as { status: string; eventCount: number };

  beforeAll(async () => {
    ws = await copyFixtureWorkspace();
    const common = ['--workspace', ws.root, '--database-url', pgDb.url(), '--port', '0', '--no-open'];
    const [a, b, w1, w2] = await Promise.all([
      startTsx('src/main.ts', [...common, '--no-execute', '--data-dir', `${ws.dataDir}-a`], /running at (http:\/\/[^/\s]+)/),
      startTsx('src/main.ts', [...common, '--no-execute', '--data-dir', `${ws.dataDir}-b`], /running at (http:\/\/[^/\s]+)/),
      startTsx(
        'src/cli.ts',
        ['worker', '--database-url', pgDb.url(), '--workspace', ws.root, '--concurrency', '2', '--lease-ms', LEASE_MS],
        /worker (\S+) is taking runs/,
      ),
      startTsx(
        'src/cli.ts',
        ['worker', '--database-url', pgDb.url(), '--workspace', ws.root, '--concurrency', '2', '--lease-ms', LEASE_MS],
        /worker (\S+) is taking runs/,
      ),
    ]);
    processes.push(a, b, w1, w2);
    apiA = a.match[1]!;
    apiB = b.match[1]!;
    workers.set(w1.match[1]!, w1);
    workers.set(w2.match[1]!, w2);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ws?.cleanup();
  }, 60_000);

  /** Which worker holds the run's lease now. */
  const leaseOwner = async (runId: string): Promise<string | undefined> => {
    const { rows } = await withClient(pgDb.url(), (client) =>
      client.query<{ lease_owner: string | null }>('SELECT lease_owner FROM run_queue WHERE run_id = $1', [runId]),
    );
    return rows[0]?.lease_owner ?? undefined;
  };

  it('a viewer on B follows a run started through A across a drop and a worker killed with SIGKILL, every event once', async () => {
    const started = await api(apiA, `/api/workflows/${encodeURIComponent(DEMO)}/runs`, { method: 'POST', body: { paceMs: 150 } });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const runId = started.json['runId'] as string;

    const received: EventEnvelope[] = [];
    const follow = async (after?: string): Promise<SseClient> =>
      openSse(`${apiB}/api/runs/${runId}/stream`, { accept: 'text/event-stream', ...(after ? { 'last-event-id': after } : {}) });
    const seqsOf = (client: SseClient) => client.events.filter((e) => e.id !== undefined).map((e) => e.data as EventEnvelope);

    // First connection: a few events, then the connection drops.
    let viewer = await follow();
    expect(viewer.status).toBe(200);
    await eventually(() => seqsOf(viewer).length >= 5, 'the first events on B');
    viewer.close();
    received.push(...seqsOf(viewer));

    // Back with Last-Event-ID; the worker driving the run is killed once a todo snapshot is stored.
    viewer = await follow(String(received.at(-1)!.seq));
    await eventually(() => seqsOf(viewer).some((e) => e.type === 'todo_snapshot' && e.data['reason'] !== 'initial'), 'a todo snapshot after the start');
    const owner = await leaseOwner(runId);
    expect(owner, 'a worker holds the run').toBeDefined();
    const victim = workers.get(owner!)!;
    victim.child.kill('SIGKILL');
    await eventually(() => victim.child.exitCode !== null || victim.child.signalCode !== null, 'the killed worker to be gone');

    // The other worker takes the run over after the lease runs out; it goes on to wait for the human.
    await eventually(async () => (await runOf(apiB, runId)).status === 'waiting_input', 'the run to reach the human input step on the other worker');
    const survivor = [...workers.keys()].find((id) => id !== owner)!;
    expect(await leaseOwner(runId)).toBe(survivor);
    // The answer goes in through A and reaches the surviving worker through the database.
    const answered = await api(apiA, `/api/runs/${runId}/input`, { method: 'POST', body: { answer: 'approve' } });
    expect(answered.status, JSON.stringify(answered.json)).toBe(200);
    await eventually(async () => (await runOf(apiA, runId)).status === 'completed', 'the run to complete');
    const total = (await runOf(apiA, runId)).eventCount;
    await eventually(() => seqsOf(viewer).at(-1)?.seq === total, 'every event on the viewer');
    viewer.close();
    received.push(...seqsOf(viewer));

    // Exactly once, in order, with nothing missing: the viewer's seqs are 1..total.
    expect(received.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    const stored = (await api(apiA, `/api/runs/${runId}/events`)).json['events'] as EventEnvelope[];
    expect(stored).toEqual(received);
    const resumed = stored.filter((e) => e.type === 'run_status' && String(e.data['reason'] ?? '').startsWith('Resumed on worker'));
    expect(resumed).toHaveLength(1);
    expect(String(resumed[0]!.data['reason'])).toContain(`Resumed on worker ${survivor} after the worker driving it (${owner}) stopped`);
    // Each todo ends completed once in the final list.
    const last = stored.findLast((e) => e.type === 'todo_snapshot')!;
    const todos = (last.data['todos'] as Array<{ id: string; status: string }>) ?? [];
    expect(todos.length).toBeGreaterThan(0);
    expect(new Set(todos.map((t) => t.id)).size).toBe(todos.length);
    expect(todos.every((t) => t.status === 'completed')).toBe(true);
  }, 120_000);
});
