// Test-only: a fresh PostgreSQL database per test file (or describe block) on the run's cluster,
// which pg-global-setup.ts starts. Without PostgreSQL on a developer's machine the tests skip;
// in CI they always run (and fail loudly if the cluster is missing).
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './pg-cluster';

/** CREATE DATABASE copies a template; give a slow, busy machine time. */
const HOOK_TIMEOUT_MS = 60_000;

const mustRun = (): boolean => inject('pgAdminUrl') !== undefined || Boolean(process.env.CI);

/** `describe` when this run has PostgreSQL (or is CI), else `describe.skip`. */
export const describePg = mustRun() ? describe : describe.skip;

export interface PgTestDatabase {
  /** Whether this run has a cluster; false only off CI, where the tests then skip. */
  available: boolean;
  /** The database's URL; valid from beforeAll on. */
  url(): string;
}

/**
 * Creates a database in beforeAll and drops it in afterAll (ending any sessions still open).
 * Call it before registering hooks that open pools: after-hooks run in reverse order, so those
 * pools close before the drop.
 */
export function usePgDatabase(): PgTestDatabase {
  const adminUrl = inject('pgAdminUrl');
  let database: TestDatabase | undefined;
  if (mustRun()) {
    beforeAll(async () => {
      if (adminUrl === undefined) throw new Error('No PostgreSQL cluster for this run: see pg-global-setup.ts.');
      database = await createTestDatabase(adminUrl);
    }, HOOK_TIMEOUT_MS);
    afterAll(() => database?.drop(), HOOK_TIMEOUT_MS);
  }
  const url = () => {
    if (!database) throw new Error('usePgDatabase(): no database yet (use url() inside tests or hooks, not while collecting them).');
    return database.url;
  };
  return { available: adminUrl !== undefined, url };
}
