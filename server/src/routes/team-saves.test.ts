import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppOptions } from '../app';
import { listenOnLoopback } from '../test-support/fixture-app';
import { appFor, copyFixtureWorkspace, hashTree, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { describePg, usePgDatabase } from '../test-support/pg-test-database';
import { eventually, openSse, type SseClient } from '../test-support/sse-client';
import { etagOf, revisionOf } from '../workspace/revision';
import type { DocumentChange } from '../workspace/workspace-changes';

const ID = 'Workflow/ResearchReport';
const SAVES = 100;
/**
 * Without the advisory lock, two instances' first saves of a round both got through in about 3
 * rounds of 5 (the write's own "unchanged since read" checks catch the rest); four instances
 * racing five rounds miss that all but never (each round about 85%).
 */
const INSTANCES = 4;
const ROUNDS = 5;

describePg('team mode: saves of one file through several instances', () => {
  const database = usePgDatabase();
  let ws: TempWorkspace;
  /** Each instance's base URL, in the order started. */
  let bases: string[];
  const apps: FastifyInstance[] = [];
  const streams: SseClient[] = [];

  beforeEach(async () => {
    ws = await copyFixtureWorkspace();
    bases = [];
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    for (const app of apps.splice(0)) await app.close();
    await ws.cleanup();
  });

  /** Another API instance on the shared workspace and database, listening on a port of its own. */
  async function startInstance(options: Partial<AppOptions> = {}): Promise<string> {
    const app = await appFor(ws, { team: { databaseUrl: database.url(), execute: false }, ...options });
    apps.push(app);
    const base = await listenOnLoopback(app);
    bases.push(base);
    return base;
  }

  const planPath = () => join(ws.root, ID, 'planning', 'plan.json');

  async function currentPlan(base: string): Promise<{ plan: Record<string, unknown>; etag: string }> {
    const res = await fetch(`${base}${workflowUrl(ID, '/plan')}`);
    expect(res.status).toBe(200);
    return { plan: (await res.json()) as Record<string, unknown>, etag: String(res.headers.get('etag')) };
  }

  function putPlan(base: string, plan: unknown, ifMatch: string, clientId?: string): Promise<Response> {
    return fetch(`${base}${workflowUrl(ID, '/plan')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': ifMatch, ...(clientId ? { 'x-planvas-client': clientId } : {}) },
      body: JSON.stringify(plan),
    });
  }

  async function followWorkspace(base: string): Promise<SseClient> {
    const stream = await openSse(`${base}/api/changes`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await eventually(() => stream.of('ready').length === 1, 'the ready event');
    return stream;
  }

  const planChanges = (stream: SseClient) => stream.of<DocumentChange>('change').filter((c) => c.workflowId === ID && c.document === 'plan');

  it(`lets exactly one of ${SAVES} concurrent saves with one If-Match through ${INSTANCES} instances, round after round`, async () => {
    for (let i = 0; i < INSTANCES; i++) await startInstance();
    const before = await hashTree(ws.root);
    // Only the first save each instance lets through its own queue can race the others' first
    // ones (every later one reads the winner's revision): each round is one more chance to race.
    for (let round = 0; round < ROUNDS; round++) {
      const { plan, etag } = await currentPlan(bases[0]!);
      const bodies = Array.from({ length: SAVES }, (_, i) => ({ ...plan, objective: `round ${round}, save ${i}` }));

      const answers = await Promise.all(bodies.map((body, i) => putPlan(bases[i % bases.length]!, body, etag)));

      const statuses = answers.map((res) => res.status);
      const winners = statuses.flatMap((status, i) => (status === 200 ? [i] : []));
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(SAVES - 1);
      const winner = winners[0]!;
      const bytes = await readFile(planPath());
      expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ objective: `round ${round}, save ${winner}` });
      expect(answers[winner]!.headers.get('etag')).toBe(etagOf(revisionOf(bytes)));
      // Every refusal names the winner's revision as the current one: none was decided on another.
      const refusals = await Promise.all(answers.filter((res) => res.status === 412).map((res) => res.json() as Promise<Record<string, unknown>>));
      for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'stale_revision', currentRevision: revisionOf(bytes) });
    }
    // Only plan.json changed: no temp file, no set-aside copy, no other document.
    const after = await hashTree(ws.root);
    const changed = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
    expect(changed).toEqual([join(ID, 'planning', 'plan.json')]);
  });

  it("reports a save through one instance on another instance's change stream, as planvas' own with the tab's client id", async () => {
    const a = await startInstance();
    // No file system events on B and a poll too slow to matter: only the notice can tell it.
    const b = await startInstance({ watcher: { fsEvents: false, pollMs: 600_000 } });
    const stream = await followWorkspace(b);
    const { plan, etag } = await currentPlan(a);

    const saved = await putPlan(a, { ...plan, objective: 'saved through A' }, etag, 'tab-on-a');
    expect(saved.status).toBe(200);
    const revision = String(saved.headers.get('etag')).slice(1, -1);

    await eventually(() => planChanges(stream).length > 0, 'the change on B');
    expect(planChanges(stream)).toEqual([{ workflowId: ID, document: 'plan', revision, origin: 'planvas', clientId: 'tab-on-a' }]);
  });

  it('reports it once when the file watcher sees the new bytes too, still as the saving tab', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const stream = await followWorkspace(b);
    let { plan, etag } = await currentPlan(a);
    const revisions: string[] = [];
    for (const [i, tab] of ['tab-1', 'tab-2', 'tab-3'].entries()) {
      const saved = await putPlan(a, { ...plan, objective: `save ${i}` }, etag, tab);
      expect(saved.status).toBe(200);
      revisions.push(String(saved.headers.get('etag')).slice(1, -1));
      await eventually(() => planChanges(stream).length > i, `the change of save ${i} on B`);
      ({ plan, etag } = await currentPlan(a));
    }
    // The watcher's own read of each rename came before or after the notice: reported once either way.
    expect(planChanges(stream)).toEqual(
      revisions.map((revision, i) => ({ workflowId: ID, document: 'plan', revision, origin: 'planvas', clientId: `tab-${i + 1}` })),
    );
  });
});
