import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WORKSPACE, copyFixtureWorkspace, hashTree, type TempWorkspace } from './test-support/fixture-workspace';
import { runTsx, startTsx } from './test-support/run-process';

/** The real entry point, as `pnpm start` runs it (in server/, through tsx). */
let ws: TempWorkspace;
beforeAll(async () => {
  ws = await copyFixtureWorkspace();
});
afterAll(async () => {
  await ws.cleanup();
});

const RUNNING = /planvas is running at (http:\/\/\S+?:(\d+)\/)/;

describe('main', () => {
  it('refuses to listen on a non-loopback address without a token, with a clear message', async () => {
    const before = await hashTree(ws.base);
    const result = await runTsx('src/main.ts', ['--host', '0.0.0.0', '--port', '0', '--workspace', ws.root, '--data-dir', join(ws.base, 'data'), '--no-open'], {
      PLANVAS_TOKEN: '',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refusing to listen on 0.0.0.0 without an access token');
    expect(result.stderr).toContain('--token');
    expect(result.stdout).not.toContain('planvas is running');
    expect(await hashTree(ws.base)).toEqual(before);
  });

  it('starts with the -- pnpm passes, prints the URL, and guards the real server', async () => {
    const server = await startTsx('src/main.ts', ['--', '--workspace', ws.root, '--port', '0', '--data-dir', join(ws.base, 'data'), '--no-open'], RUNNING);
    try {
      const [, url, port] = server.match;
      expect(url).toBe(`http://127.0.0.1:${port}/`);
      expect(server.output()).toContain(`workspace: ${ws.root}`);
      const health = await fetch(`${url}api/health`);
      expect(health.status).toBe(200);
      const list = (await (await fetch(`${url}api/workflows`)).json()) as { workflows: unknown[] };
      expect(list.workflows).toHaveLength(5);
      // fetch() cannot forge Host; a raw request can.
      const { request } = await import('node:http');
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: Number(port), path: '/api/workflows', headers: { host: 'evil.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('with a token it may bind another address, every API request needs the token, and Host is still checked', async () => {
    const server = await startTsx(
      'src/main.ts',
      ['--host', '0.0.0.0', '--port', '0', '--workspace', ws.root, '--data-dir', join(ws.base, 'data'), '--no-open', '--allowed-host', 'planvas.lan'],
      RUNNING,
      { PLANVAS_TOKEN: 'tok-123', PLANVAS_ALLOWED_HOSTS: 'build-box.lan' },
    );
    try {
      const port = server.match[2];
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`, { headers: { authorization: 'Bearer tok-123' } })).status).toBe(200);
      const { request } = await import('node:http');
      const statusFor = (host: string) =>
        new Promise<number | undefined>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port: Number(port), path: '/api/workflows', headers: { host, authorization: 'Bearer tok-123' } }, (res) => {
            res.resume();
            resolve(res.statusCode);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await statusFor('evil.example')).toBe(403);
      expect(await statusFor(`planvas.lan:${port}`)).toBe(200);
      expect(await statusFor(`build-box.lan:${port}`)).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('resolves a relative --workspace from where the user ran pnpm (INIT_CWD), not from server/', async () => {
    const server = await startTsx('src/main.ts', ['--workspace', 'ws', '--data-dir', 'data', '--port', '0', '--no-open'], RUNNING, { INIT_CWD: ws.base });
    try {
      expect(server.output()).toContain(`workspace: ${ws.root}`);
      expect(server.output()).toContain(`data:      ${join(ws.base, 'data')}`);
    } finally {
      await server.stop();
    }
  });

  it('without --workspace, opens a writable copy of the demo workspace, made once', async () => {
    const home = join(ws.base, 'home');
    const first = await startTsx('src/main.ts', ['--port', '0', '--no-open'], RUNNING, { PLANVAS_HOME: home });
    const demo = join(home, 'demo-workspace');
    try {
      expect(first.output()).toContain(`workspace: ${demo}`);
      expect(first.output()).toContain(`data:      ${join(home, 'data')}`);
      expect(await hashTree(demo)).toEqual(await hashTree(FIXTURE_WORKSPACE));
    } finally {
      await first.stop();
    }
    const edited = join(demo, 'Workflow/NoFinalNewline/planning/plan.json');
    await writeFile(edited, '{"steps": []}');
    const second = await startTsx('src/main.ts', ['--port', '0', '--no-open'], RUNNING, { PLANVAS_HOME: home });
    try {
      expect(await readFile(edited, 'utf8')).toBe('{"steps": []}');
    } finally {
      await second.stop();
    }
  });

  it('a workspace that does not exist is a clear error', async () => {
    const result = await runTsx('src/main.ts', ['--workspace', join(ws.base, 'nope'), '--port', '0', '--no-open']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`workspace ${join(ws.base, 'nope')} is not a folder`);
    expect(existsSync(join(ws.base, 'nope'))).toBe(false);
  });

  it('a bad flag prints the usage', async () => {
    const result = await runTsx('src/main.ts', ['--port', 'http']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a number');
    expect(result.stderr).toContain('usage: pnpm start');
  });
});
