// Test-only: Vitest's globalSetup for the server tests. One throw-away PostgreSQL cluster serves the
// whole run (starting one per test file would cost seconds each); test files get a database of
// their own on it through pg-test-database.ts.
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startThrowawayCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's cluster's superuser URL; undefined when this machine has no PostgreSQL (never in CI). */
    pgAdminUrl: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (findPostgresBin() === undefined) {
    // CI must run the PostgreSQL tests (.ci/run installs the server); only a developer's machine may skip them.
    if (process.env.CI) throw new Error('CI has no PostgreSQL: .ci/run should have installed it (or set PLANVAS_PG_BIN).');
    project.provide('pgAdminUrl', undefined);
    return async () => {};
  }
  const cluster = await startThrowawayCluster();
  project.provide('pgAdminUrl', cluster.url);
  return () => cluster.stop();
}
