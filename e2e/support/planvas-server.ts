import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURE_WORKSPACE = join(REPO, 'fixtures/workspace');

export interface PlanvasServer {
  baseURL: string;
  workspace: string;
  dataDir: string;
  /** Stops the server (to test what the page does when the stream drops). */
  stop(): Promise<void>;
  /** Starts it again on the same port, workspace and data. */
  restart(): Promise<void>;
  /** Stops it and deletes its temporary workspace and data. */
  cleanup(): Promise<void>;
}

/**
 * Servers still running when this process exits (a bench that timed out and was left behind) are
 * stopped with it instead of living on as orphans, and their temporary folders removed.
 */
const running = new Map<ChildProcess, string>();
process.on('exit', () => {
  for (const [c, root] of running) {
    c.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`planvas server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`planvas server did not answer /api/health:\n${log()}`);
}

export type StartPlanvasOptions = {
  /** The workspace to copy (the fixture workspace by default); the server never touches the original. */
  workspaceSource?: string;
  /** Another build of the web app to serve than web/dist (the bench's dagre baseline). */
  webDist?: string;
};

/** Starts the real server (built web app + API) on a fresh copy of a workspace (the fixtures by default). */
export async function startPlanvas(options: StartPlanvasOptions = {}): Promise<PlanvasServer> {
  const root = await mkdtemp(join(tmpdir(), 'planvas-e2e-'));
  const workspace = join(root, 'workspace');
  const dataDir = join(root, 'data');
  await cp(options.workspaceSource ?? FIXTURE_WORKSPACE, workspace, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const launch = async () => {
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--workspace', workspace, '--data-dir', dataDir, '--port', String(port), '--no-open'], {
      cwd: join(REPO, 'server'),
      env: { ...process.env, NODE_ENV: 'production', ...(options.webDist ? { PLANVAS_WEB_DIST: options.webDist } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    running.set(started, root);
    started.once('exit', () => running.delete(started));
    child.stdout?.on('data', (d) => (output += String(d)));
    child.stderr?.on('data', (d) => (output += String(d)));
    await waitForHealth(baseURL, child, () => output);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  await launch();
  return {
    baseURL,
    workspace,
    dataDir,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    cleanup: async () => {
      await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** `test` with a `planvas` fixture: a real server per test on its own copy of the fixtures. */
export const test = base.extend<{ planvas: PlanvasServer }>({
  planvas: async ({}, use) => {
    const server = await startPlanvas();
    await use(server);
    await server.cleanup();
  },
  baseURL: async ({ planvas }, use) => use(planvas.baseURL),
});

export { expect } from '@playwright/test';
