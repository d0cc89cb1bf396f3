// Test-only: a fresh, empty temp folder for every test of a file (or of a describe block).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach } from 'vitest';

/**
 * Registers a hook that makes `<tmp>/<prefix>XXXXXX` before each test and hands it to `use`, and
 * deletes it after the test, once every afterEach hook has run (those may still close what
 * writes there). Tests keep the folder in a `let`, so their assertions name it plainly.
 */
export function useTempDir(prefix: string, use: (dir: string) => void): void {
  beforeEach(async () => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    use(dir);
    // Vitest runs a teardown a beforeEach hook returns after the test's afterEach hooks.
    return () => rm(dir, { recursive: true, force: true });
  });
}
