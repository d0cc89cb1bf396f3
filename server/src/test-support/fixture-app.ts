// Test-only: the set-up most route tests share, a real app over a temp copy of fixtures/workspace.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AppOptions } from '../app';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from './fixture-workspace';

export interface FixtureApp {
  /** The temp copy of fixtures/workspace (with its data folder) the app serves. */
  readonly ws: TempWorkspace;
  readonly app: FastifyInstance;
  /** Closes the app and builds a new one over the same workspace and data folder, as a server restart does. */
  restart(): Promise<FastifyInstance>;
}

/**
 * Registers hooks that copy the fixture workspace and build the app before the tests, and close the
 * app and delete the copy after them: once per test (`each`, every test starts from the pristine
 * fixture) or once for the file (`all`, for tests that read or leave the workspace as they found it).
 * Call it at the top of a test file; read `ws` and `app` inside tests and hooks only.
 */
export function useFixtureApp(scope: 'each' | 'all', options: Partial<AppOptions> = {}): FixtureApp {
  let ws: TempWorkspace | undefined;
  let app: FastifyInstance | undefined;
  const before = scope === 'each' ? beforeEach : beforeAll;
  const after = scope === 'each' ? afterEach : afterAll;

  before(async () => {
    ws = await copyFixtureWorkspace();
    app = await appFor(ws, options);
  });
  after(async () => {
    await app?.close();
    app = undefined;
    await ws?.cleanup();
    ws = undefined;
  });

  const fixture: FixtureApp = {
    get ws() {
      if (!ws) throw new Error('useFixtureApp: no workspace outside the tests');
      return ws;
    },
    get app() {
      if (!app) throw new Error('useFixtureApp: no app outside the tests');
      return app;
    },
    async restart() {
      await fixture.app.close();
      app = await appFor(fixture.ws, options);
      return app;
    },
  };
  return fixture;
}

/**
 * Starts `app` on a free loopback port, for clients that need a real socket (event streams), and
 * returns its base URL (`http://127.0.0.1:<port>`).
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app listens on no TCP port');
  return `http://127.0.0.1:${address.port}`;
}
