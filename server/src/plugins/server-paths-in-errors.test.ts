import { realpath, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { appFor, copyFixtureWorkspace, expectApiError, type TempWorkspace } from '../test-support/fixture-workspace';
import { migrateWorkflowFiles } from '../workspace/migrate-workflow';
import { serverPathRedactor } from './server-path-redaction';

/**
 * An error answer never tells a client where the workspace, the data folder or the home folder
 * are on the server. The routes below provoke real file-system errors the way server code
 * meets them (a plan.json that vanished before migrate read it, an fs error message carried in
 * an ApiError, a bare fs error), through the app's real error handler.
 */
let ws: TempWorkspace;
let app: FastifyInstance;
let rootReal: string;

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  rootReal = await realpath(ws.root);
  app = await appFor(ws);
  const gone = join(rootReal, 'Workflow', 'Gone', 'planning');
  app.post('/api/test/migrate-vanished', async () =>
    migrateWorkflowFiles(
      { planPath: join(gone, 'plan.json'), stepConfigPath: join(gone, 'step_config.json'), learningsDir: join(rootReal, 'Workflow', 'Gone', 'learnings') },
      { dryRun: true },
    ),
  );
  app.get('/api/test/carried-fs-message', async () => {
    try {
      await readFile(join(ws.dataDir, 'runs', 'missing.jsonl'));
    } catch (error) {
      throw new ApiError(502, 'sub_agent_failed', `The sub-agent failed: ${(error as Error).message}`, [{ path: '$', message: (error as Error).message }]);
    }
  });
  app.get('/api/test/bare-fs-error', async () => readFile(join(ws.root, 'Workflow', 'missing', 'plan.json')));
  app.get('/api/test/fs-error-with-status', async () => {
    try {
      await readFile(join(ws.root, 'missing.txt'));
    } catch (error) {
      // What http-errors style wrappers (static file serving) make of an fs error.
      throw Object.assign(error as Error, { statusCode: 404 });
    }
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ws.cleanup();
});

const serverPaths = () => [ws.root, rootReal, ws.dataDir, ws.base, homedir()].filter((p) => p.length > 1);

function expectNoServerPath(body: string) {
  for (const path of serverPaths()) expect(body, `the answer names ${path}`).not.toContain(path);
}

describe('error answers carry no absolute server paths', () => {
  it('migrate of a plan.json that vanished: 404 naming the file relative to the workspace', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/migrate-vanished' });
    const body = expectApiError(res, 404, 'plan_not_found');
    expectNoServerPath(res.body);
    expect(body.message).toContain('Workflow/Gone/planning/plan.json');
  });

  it('an fs error message carried in an ApiError (message and details)', async () => {
    const res = await app.inject({ url: '/api/test/carried-fs-message' });
    const body = expectApiError(res, 502, 'sub_agent_failed');
    expectNoServerPath(res.body);
    expect(body.message).toContain('ENOENT');
  });

  it('a bare fs error: 500 with the generic message', async () => {
    const res = await app.inject({ url: '/api/test/bare-fs-error' });
    expectApiError(res, 500, 'internal_error');
    expectNoServerPath(res.body);
  });

  it('an fs error that carries a 4xx status', async () => {
    const res = await app.inject({ url: '/api/test/fs-error-with-status' });
    expectApiError(res, 404);
    expectNoServerPath(res.body);
  });
});

describe('serverPathRedactor', () => {
  const redact = serverPathRedactor([
    { path: '/srv/ws', label: '<workspace>' },
    { path: '/srv/ws/.data', label: '<data>' },
  ]);

  it('names files under a known folder relative to it', () => {
    expect(redact('/srv/ws/Team/plan.json does not exist')).toBe('<workspace>/Team/plan.json does not exist');
    expect(redact('see /srv/ws/.data/runs/x.jsonl')).toBe('see <data>/runs/x.jsonl');
    expect(redact('root is /srv/ws')).toBe('root is <workspace>');
  });

  it('leaves a sibling sharing the prefix and ordinary URLs alone', () => {
    expect(redact('/srv/ws-other/x')).toBe('/srv/ws-other/x');
    expect(redact('No route GET /api/nope')).toBe('No route GET /api/nope');
    expect(redact(`'/api/%' is not a valid url component`)).toBe(`'/api/%' is not a valid url component`);
  });

  it('hides the paths of fs error messages under no known folder', () => {
    expect(redact("ENOENT: no such file or directory, open '/etc/planvas/x'")).toBe("ENOENT: no such file or directory, open '<path>'");
    expect(redact("EXDEV: cross-device link not permitted, rename '/a/b' -> '/c/d'")).toBe(
      "EXDEV: cross-device link not permitted, rename '<path>' -> '<path>'",
    );
    expect(redact("EACCES: permission denied, open 'C:\\\\Users\\\\me\\\\x'")).toBe("EACCES: permission denied, open '<path>'");
  });
});
