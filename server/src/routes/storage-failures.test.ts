import { chmod, mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../plugins/error-handler';
import { jsonBodyParser } from '../plugins/json-body-parser';
import { tempPathFor } from '../workspace/atomic-write';
import { WorkspaceRepository } from '../workspace/workspace-repository';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { documentRoutes } from './documents';

/**
 * The disk does not always take a write: a crash leaves temp files, a folder is read-only, the
 * disk is full. None of it may leave planvas believing (or answering) what is not on disk.
 */
const id = 'Workflow/ResearchReport';
const json = { 'content-type': 'application/json' };
/** As root, permission bits stop no write: those tests then inject the failure instead. */
const runsAsRoot = process.getuid?.() === 0;

let ws: TempWorkspace | undefined;
let app: FastifyInstance | undefined;
const restore: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const undo of restore.splice(0)) await undo();
  await app?.close();
  app = undefined;
  await ws?.cleanup();
  ws = undefined;
});

async function startApp(): Promise<{ ws: TempWorkspace; app: FastifyInstance }> {
  ws ??= await copyFixtureWorkspace();
  app = await appFor(ws);
  return { ws, app };
}

/** Makes `folder` read-only until the test ends. */
async function readOnly(folder: string): Promise<void> {
  await chmod(folder, 0o555);
  restore.push(() => chmod(folder, 0o755));
}

/** An fs error as node:fs raises it. */
function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe('temp files of interrupted saves', () => {
  it('are removed at start, in every planning folder and the data folder; nothing else is', async () => {
    ws = await copyFixtureWorkspace();
    const planning = join(ws.root, id, 'planning');
    const halfCreated = join(ws.root, 'Team', 'HalfCreated', 'planning');
    await mkdir(halfCreated, { recursive: true });
    await mkdir(ws.dataDir, { recursive: true });
    const gonePid = 99_999_999; // above any pid_max: no such process
    const stale = [
      join(planning, `.plan.json.${gonePid}.0123456789ab.tmp`),
      join(planning, `.step_config.json.${gonePid}.abcdefabcdef.tmp`),
      join(planning, `.plan.json.${process.pid}.00000000000a.tmp`), // this pid, but older than an hour
      join(halfCreated, `.plan.json.${gonePid}.0123456789ab.tmp`),
      join(ws.dataDir, '.state.json.tmp'),
      join(ws.dataDir, '.layout-cache.json.tmp'),
    ];
    const kept = [
      join(planning, `.plan.json.${process.pid}.00000000000b.tmp`), // a write of a live process may be under way
      join(planning, '.plan.json.swp'),
      join(planning, 'plan.json~'),
      join(planning, '.plan.json.tmp'),
      join(planning, 'notes.tmp'),
      join(planning, `.notes.json.${gonePid}.0123456789ab.tmp`),
      join(ws.dataDir, '.other.json.tmp'),
    ];
    for (const path of [...stale, ...kept]) await writeFile(path, 'partial');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale[2]!, hourAgo, hourAgo);

    await startApp();
    const present = async (path: string) => (await readdir(join(path, '..'))).includes(path.split('/').pop()!);
    for (const path of stale) expect(await present(path), path).toBe(false);
    for (const path of kept) expect(await present(path), path).toBe(true);
    expect((await app!.inject({ url: workflowUrl(id, '/plan') })).statusCode).toBe(200);
  });
});

describe('a state write the data folder refuses', () => {
  /** A non-empty folder where the file should be: every rename over it fails (EISDIR), root or not. */
  async function blockFile(name: string): Promise<void> {
    await rm(join(ws!.dataDir, name), { force: true });
    await mkdir(join(ws!.dataDir, name, 'blocker'), { recursive: true });
  }

  it('settings: the PUT fails and a GET still answers the settings on disk', async () => {
    await startApp();
    const before = { defaultLlm: { provider: 'openai', model_id: 'gpt-4.1' } };
    expect((await app!.inject({ method: 'PUT', url: '/api/settings', headers: json, payload: JSON.stringify(before) })).statusCode).toBe(200);
    await blockFile('state.json');
    const failed = await app!.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: json,
      payload: JSON.stringify({ defaultLlm: { provider: 'openai', model_id: 'o3' } }),
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await app!.inject({ url: '/api/settings' })).json()).toEqual(before);
  });

  it('saved layouts: the PUT fails and a GET still answers the layouts on disk', async () => {
    await startApp();
    const layout = { key: 'v1:abc', positions: { 'gather-sources': { x: 1, y: 2 } } };
    const put = (body: unknown) => app!.inject({ method: 'PUT', url: workflowUrl(id, '/layout/LR'), headers: json, payload: JSON.stringify(body) });
    expect((await put(layout)).statusCode).toBe(200);
    await blockFile('layout-cache.json');
    expect((await put({ ...layout, key: 'v1:def' })).statusCode).toBeGreaterThanOrEqual(500);
    expect((await app!.inject({ url: workflowUrl(id, '/layout') })).json()).toEqual({ LR: layout });
  });

  it.skipIf(runsAsRoot)('a read-only data folder: 503 data_folder_read_only, nothing applied', async () => {
    await startApp();
    await readOnly(ws!.dataDir);
    const failed = await app!.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: json,
      payload: JSON.stringify({ defaultLlm: { provider: 'openai', model_id: 'o3' } }),
    });
    expectApiError(failed, 503, 'data_folder_read_only');
    expect((await app!.inject({ url: '/api/settings' })).json()).toEqual({});
  });
});

describe('a workspace planvas cannot write', () => {
  it.skipIf(runsAsRoot)('a read-only planning folder: a save answers 503 workspace_read_only and changes nothing', async () => {
    await startApp();
    const got = await app!.inject({ url: workflowUrl(id, '/plan') });
    const plan = got.json();
    plan.objective = 'Edited';
    const tree = await hashTree(ws!.root);
    await readOnly(join(ws!.root, id, 'planning'));
    const res = await app!.inject({
      method: 'PUT',
      url: workflowUrl(id, '/plan'),
      headers: { ...json, 'if-match': String(got.headers.etag) },
      payload: JSON.stringify(plan),
    });
    const body = expectApiError(res, 503, 'workspace_read_only');
    expect(body.message).toContain(`"${id}/planning"`);
    expect(await hashTree(ws!.root)).toEqual(tree);
  });

  it('a write the file system refuses (injected): 503 workspace_read_only naming the folder, not the server path', async () => {
    ws = await copyFixtureWorkspace();
    const refused = (code: string) => async (path: string) => {
      throw fsError(code, 'open', tempPathFor(path));
    };
    for (const [code, status, expected] of [
      ['EROFS', 503, 'workspace_read_only'],
      ['EACCES', 503, 'workspace_read_only'],
      ['ENOSPC', 507, 'disk_full'],
    ] as const) {
      const repository = await WorkspaceRepository.open(ws.root, undefined, { writeFile: refused(code) });
      const server = await documentsApp(repository, ws);
      try {
        const got = await server.inject({ url: workflowUrl(id, '/plan') });
        const plan = got.json();
        plan.objective = 'Edited';
        const tree = await hashTree(ws.root);
        const res = await server.inject({
          method: 'PUT',
          url: workflowUrl(id, '/plan'),
          headers: { ...json, 'if-match': String(got.headers.etag) },
          payload: JSON.stringify(plan),
        });
        const body = expectApiError(res, status, expected);
        if (expected === 'workspace_read_only') expect(body.message).toContain(`"${id}/planning"`);
        expect(res.body).not.toContain(ws.root);
        expect(await hashTree(ws.root)).toEqual(tree);
      } finally {
        await server.close();
      }
    }
  });

  it('the app answers fs refusals with their own codes, wherever they come from', async () => {
    const { ws: workspace, app: server } = await startApp();
    const planning = join(server.workspace.root, id, 'planning');
    server.get('/api/test/refused/:code/:where', async (request) => {
      const { code, where } = request.params as { code: string; where: 'workspace' | 'data' };
      throw fsError(code, 'rename', where === 'data' ? join(workspace.dataDir, '.state.json.tmp') : join(planning, 'plan.json'));
    });
    const answer = async (code: string, where: string) => server.inject({ url: `/api/test/refused/${code}/${where}` });
    expectApiError(await answer('EROFS', 'workspace'), 503, 'workspace_read_only');
    expectApiError(await answer('EPERM', 'workspace'), 503, 'workspace_read_only');
    expectApiError(await answer('EACCES', 'data'), 503, 'data_folder_read_only');
    expectApiError(await answer('ENOSPC', 'data'), 507, 'disk_full');
    expectApiError(await answer('EDQUOT', 'workspace'), 507, 'disk_full');
    // Other fs errors are no storage condition: still the plain 500.
    expectApiError(await answer('EIO', 'workspace'), 500);
  });
});

/** The document routes with the real error handler over `repository` (its writer may fail on purpose). */
async function documentsApp(repository: WorkspaceRepository, workspace: TempWorkspace): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(errorHandler);
  await server.register(jsonBodyParser);
  server.decorate('workspace', repository);
  server.decorate('planvas', { workspaceRoot: repository.root, dataDir: workspace.dataDir, host: '127.0.0.1' });
  await server.register(documentRoutes);
  return server;
}
