import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appFor, copyFixtureWorkspace, expectApiError, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { listenOnLoopback } from '../test-support/fixture-app';
import { eventually, openSse, type SseClient } from '../test-support/sse-client';
import { revisionOf } from '../workspace/revision';
import type { DocumentChange, WorkflowRevisions, WorkflowsChange, WorkspaceRevisions } from '../workspace/workspace-changes';

const ID = 'Workflow/ResearchReport';

let ws: TempWorkspace;
let app: FastifyInstance | undefined;
let base: string;
const streams: SseClient[] = [];

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await app?.close();
  app = undefined;
  await ws.cleanup();
});

async function listen(options: Parameters<typeof appFor>[1] = {}): Promise<FastifyInstance> {
  const built = await appFor(ws, options);
  app = built;
  base = await listenOnLoopback(built);
  return built;
}

async function subscribe(path: string, headers?: Record<string, string>): Promise<SseClient> {
  const stream = await openSse(`${base}${path}`, headers);
  streams.push(stream);
  return stream;
}

/** A workflow's change stream once its `ready` event arrived (changes after this point are reported). */
async function followWorkflow(id = ID): Promise<SseClient> {
  const stream = await subscribe(workflowUrl(id, '/changes'));
  expect(stream.status).toBe(200);
  await eventually(() => stream.of('ready').length === 1, 'the ready event');
  return stream;
}

const planPath = (id = ID) => join(ws.root, id, 'planning', 'plan.json');
const stepConfigPath = (id = ID) => join(ws.root, id, 'planning', 'step_config.json');
const changesOf = (stream: SseClient, document: 'plan' | 'step_config') => stream.of<DocumentChange>('change').filter((c) => c.document === document);

/**
 * Proves that nothing (more) was reported for plan.json: step_config.json is changed and its
 * event awaited; any plan event the earlier action caused would have been read before it.
 */
async function settle(stream: SseClient): Promise<void> {
  const before = changesOf(stream, 'step_config').length;
  const text = await readFile(stepConfigPath(), 'utf8');
  await writeFile(stepConfigPath(), `${text}\n`);
  await eventually(() => changesOf(stream, 'step_config').length > before, 'the sentinel change of step_config.json');
}

async function editedPlan(): Promise<string> {
  const plan = JSON.parse(await readFile(planPath(), 'utf8')) as Record<string, unknown>;
  plan['objective'] = `edited outside planvas ${Math.random()}`;
  return `${JSON.stringify(plan, null, 2)}\n`;
}

describe('GET /api/workflows/:id/changes', () => {
  it('starts with ready (the current revisions), then reports a plain writeFile once, with the revision GET answers', async () => {
    await listen();
    const stream = await followWorkflow();
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const [ready] = stream.of<WorkflowRevisions>('ready');
    expect(ready).toEqual({
      workflowId: ID,
      planRevision: revisionOf(await readFile(planPath())),
      stepConfigRevision: revisionOf(await readFile(stepConfigPath())),
    });

    const text = await editedPlan();
    await writeFile(planPath(), text);
    await eventually(() => changesOf(stream, 'plan').length > 0, 'the change of plan.json');
    await settle(stream);
    expect(changesOf(stream, 'plan')).toEqual([{ workflowId: ID, document: 'plan', revision: revisionOf(text), origin: 'disk' }]);
    expect(stream.events[0]?.event).toBe('ready');

    const got = await app!.inject({ url: workflowUrl(ID, '/plan') });
    expect(got.headers.etag).toBe(`"${revisionOf(text)}"`);
  });

  it('sees a write-then-rename into place, as editors save, and ignores the temp file itself', async () => {
    await listen();
    const stream = await followWorkflow();
    const text = await editedPlan();
    const temp = join(ws.root, ID, 'planning', '.plan.json.swp');
    await writeFile(temp, text);
    await rename(temp, planPath());
    await eventually(() => changesOf(stream, 'plan').length > 0, 'the change of plan.json');
    await settle(stream);
    expect(changesOf(stream, 'plan').map((c) => c.revision)).toEqual([revisionOf(text)]);
  });

  it('reports a save through PUT once, as origin planvas with the saving client id', async () => {
    await listen();
    const stream = await followWorkflow();
    const current = await app!.inject({ url: workflowUrl(ID, '/plan') });
    const plan = current.json() as Record<string, unknown>;
    const saved = await app!.inject({
      method: 'PUT',
      url: workflowUrl(ID, '/plan'),
      headers: { 'if-match': String(current.headers.etag), 'x-planvas-client': 'tab-1.a' },
      payload: { ...plan, objective: 'saved by planvas' },
    });
    expect(saved.statusCode).toBe(200);
    const revision = saved.json().revision as string;
    await eventually(() => changesOf(stream, 'plan').length > 0, 'the change of plan.json');
    await settle(stream);
    // The fs event of the same write is recognised as the save, not reported again as a disk change.
    expect(changesOf(stream, 'plan')).toEqual([{ workflowId: ID, document: 'plan', revision, origin: 'planvas', clientId: 'tab-1.a' }]);
  });

  it('reports a save without X-Planvas-Client as origin planvas without clientId, and refuses a malformed client id', async () => {
    await listen();
    const stream = await followWorkflow();
    const current = await app!.inject({ url: workflowUrl(ID, '/step-config') });
    const bad = await app!.inject({
      method: 'PUT',
      url: workflowUrl(ID, '/step-config'),
      headers: { 'if-match': String(current.headers.etag), 'x-planvas-client': 'no spaces allowed' },
      payload: current.json(),
    });
    expectApiError(bad, 400, 'invalid_client_id');
    const config = current.json() as { steps: Array<Record<string, unknown>> };
    const saved = await app!.inject({
      method: 'PUT',
      url: workflowUrl(ID, '/step-config'),
      headers: { 'if-match': String(current.headers.etag) },
      payload: { ...config, steps: config.steps.map((s, i) => (i === 0 ? { ...s, execution_max_turns: 7 } : s)) },
    });
    expect(saved.statusCode).toBe(200);
    await eventually(() => changesOf(stream, 'step_config').length > 0, 'the change of step_config.json');
    expect(changesOf(stream, 'step_config')[0]).toEqual({ workflowId: ID, document: 'step_config', revision: saved.json().revision, origin: 'planvas' });
  });

  it('reports nothing when the bytes are rewritten identically, or when only temp files come and go', async () => {
    await listen();
    const stream = await followWorkflow();
    const bytes = await readFile(planPath());
    await writeFile(planPath(), bytes);
    const temp = join(ws.root, ID, 'planning', `.plan.json.${process.pid}.0123456789ab.tmp`);
    await writeFile(temp, '{"half": ');
    await unlink(temp);
    await settle(stream);
    expect(changesOf(stream, 'plan')).toEqual([]);
  });

  it('reports a deleted and a recreated step_config.json', async () => {
    await listen();
    const stream = await followWorkflow();
    const text = await readFile(stepConfigPath(), 'utf8');
    await unlink(stepConfigPath());
    await eventually(() => changesOf(stream, 'step_config').length === 1, 'the deletion');
    expect(changesOf(stream, 'step_config')[0]).toEqual({ workflowId: ID, document: 'step_config', revision: null, deleted: true, origin: 'disk' });
    await writeFile(stepConfigPath(), text);
    await eventually(() => changesOf(stream, 'step_config').length === 2, 'the re-creation');
    expect(changesOf(stream, 'step_config')[1]).toMatchObject({ revision: revisionOf(text), origin: 'disk' });
  });

  it('answers 406 in the one error shape to a non-SSE Accept, 404 for an unknown workflow and 400 for a bad id', async () => {
    await listen();
    for (const accept of ['application/json', undefined]) {
      const refused = await app!.inject({ url: workflowUrl(ID, '/changes'), headers: accept ? { accept } : {} });
      expect(expectApiError(refused, 406, 'not_acceptable').details).toEqual([{ path: 'Accept', message: 'must allow text/event-stream' }]);
    }
    expectApiError(await app!.inject({ url: '/api/changes', headers: { accept: 'application/json' } }), 406, 'not_acceptable');
    const unknown = await subscribe(workflowUrl('Workflow/Nope', '/changes'));
    expect(unknown.status).toBe(404);
    await unknown.ended;
    expect(JSON.parse(unknown.body())).toMatchObject({ statusCode: 404, code: 'workflow_not_found' });
    expectApiError(await app!.inject({ url: workflowUrl('../outside', '/changes'), headers: { accept: 'text/event-stream' } }), 400, 'invalid_workflow_id');
    // Nobody is subscribed after refusals: nothing is watched.
    expect(app!.watcher.watchedFolderCount).toBe(0);
  });

  it('accepts ?token= when the server requires an access token', async () => {
    await listen({ accessToken: 'sekret' });
    const denied = await subscribe(workflowUrl(ID, '/changes'));
    expect(denied.status).toBe(401);
    const stream = await subscribe(`${workflowUrl(ID, '/changes')}?token=sekret`);
    expect(stream.status).toBe(200);
    await eventually(() => stream.of('ready').length === 1, 'the ready event');
  });

  it('sends heartbeat comments', async () => {
    await listen({ watcher: { heartbeatMs: 30 } });
    const stream = await followWorkflow();
    await eventually(() => stream.comments.includes('heartbeat'), 'a heartbeat');
  });

  it('notices a change by polling alone when fs events are missed', async () => {
    await listen({ watcher: { fsEvents: false, pollMs: 25 } });
    const stream = await followWorkflow();
    expect(app!.watcher.watchedFolderCount).toBe(0);
    const text = await editedPlan();
    await writeFile(planPath(), text);
    await eventually(() => changesOf(stream, 'plan').length === 1, 'the polled change');
    expect(changesOf(stream, 'plan')[0]).toMatchObject({ revision: revisionOf(text), origin: 'disk' });
  });

  it('watches only while someone listens, and closes every watch on app.close()', async () => {
    const fsWatches = () => process.getActiveResourcesInfo().filter((r) => r === 'FSEventWrap').length;
    const before = fsWatches();
    const server = await listen();
    expect(server.watcher.watchedFolderCount).toBe(0);
    const first = await followWorkflow();
    expect(server.watcher.watchedFolderCount).toBeGreaterThan(0);
    expect(fsWatches()).toBe(before + server.watcher.watchedFolderCount);
    first.close();
    await eventually(() => server.watcher.subscriberCount === 0, 'the unsubscription');
    expect(server.watcher.watchedFolderCount).toBe(0);
    await eventually(() => fsWatches() === before, 'the watch handles released');

    const second = await followWorkflow();
    expect(fsWatches()).toBeGreaterThan(before);
    await server.close();
    app = undefined;
    await second.ended;
    expect(server.watcher.isClosed).toBe(true);
    expect(server.watcher.watchedFolderCount).toBe(0);
    // A closed watch releases its handle in a libuv close callback, a loop turn later.
    await eventually(() => fsWatches() === before, 'every fs watch handle released');
  });
});

describe('GET /api/changes', () => {
  it('starts with every workflow and its revisions, then reports workflows added and removed and their changes', async () => {
    await listen();
    const stream = await subscribe('/api/changes');
    expect(stream.status).toBe(200);
    await eventually(() => stream.of('ready').length === 1, 'the ready event');
    const [ready] = stream.of<WorkspaceRevisions>('ready');
    const listed = (await app!.inject({ url: '/api/workflows' })).json().workflows as Array<{ id: string }>;
    expect(ready!.workflows.map((w) => w.workflowId)).toEqual(listed.map((w) => w.id));
    expect(ready!.workflows.find((w) => w.workflowId === ID)?.planRevision).toBe(revisionOf(await readFile(planPath())));
    expect(ready!.workflows.find((w) => w.workflowId === 'Workflow/NoFinalNewline')?.stepConfigRevision).toBeNull();

    // Made by hand: a new folder, its planning folder, then plan.json.
    const plan = await readFile(planPath(), 'utf8');
    await mkdir(join(ws.root, 'Team/New/planning'), { recursive: true });
    await writeFile(planPath('Team/New'), plan);
    await eventually(() => stream.of<WorkflowsChange>('workflows').some((w) => w.added.includes('Team/New')), 'Team/New added');

    // A plan.json created in a planning folder that was empty.
    await mkdir(join(ws.root, 'Later/planning'), { recursive: true });
    await writeFile(planPath('Later'), plan);
    await eventually(() => stream.of<WorkflowsChange>('workflows').some((w) => w.added.includes('Later')), 'Later added');

    // Created through the API.
    const created = await app!.inject({ method: 'POST', url: '/api/workflows', payload: { id: 'Api/Made' } });
    expect(created.statusCode).toBe(201);
    await eventually(() => stream.of<WorkflowsChange>('workflows').some((w) => w.added.includes('Api/Made')), 'Api/Made added');

    // A change of any workflow's document reaches the workspace stream too.
    const edited = `${plan.trimEnd()}\n\n`;
    await writeFile(planPath('Team/New'), edited);
    await eventually(
      () => stream.of<DocumentChange>('change').some((c) => c.workflowId === 'Team/New' && c.revision === revisionOf(edited)),
      'the edit of Team/New',
    );

    await rm(join(ws.root, 'Team/New'), { recursive: true });
    await eventually(() => stream.of<WorkflowsChange>('workflows').some((w) => w.removed.includes('Team/New')), 'Team/New removed');
    const added = stream.of<WorkflowsChange>('workflows').flatMap((w) => w.added);
    expect(added.filter((id) => id === 'Team/New')).toHaveLength(1);
    expect(added.filter((id) => id === 'Api/Made')).toHaveLength(1);
  });
});
