import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conflict } from '../errors/domain-errors';

// A rename across file systems needs a mount inside the workspace, which a test cannot make
// without privileges: the one fault is injected into the real rename, everything else is real.
const fault = vi.hoisted(() => ({ code: undefined as string | undefined }));
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (fault.code) throw Object.assign(new Error(`${fault.code}: injected`), { code: fault.code });
      return real.rename(from, to);
    },
  };
});

const { renameIntoPlace } = await import('./workflow-duplication');

let dir: string | undefined;
afterEach(async () => {
  fault.code = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('renameIntoPlace', () => {
  it('refuses a move across disks with a conflict that says what to do, the folder left where it was', async () => {
    dir = await mkdtemp(join(tmpdir(), 'planvas-exdev-'));
    await mkdir(join(dir, 'from'));
    fault.code = 'EXDEV';
    const refused = await renameIntoPlace(join(dir, 'from'), join(dir, 'to'), 'Team/Moved').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Conflict);
    expect(refused).toMatchObject({ code: 'other_device', details: [{ path: '$.newId', message: 'on another disk' }] });
    expect((refused as Error).message).toContain('duplicate it there and delete the original');
    expect((await stat(join(dir, 'from'))).isDirectory()).toBe(true);
  });

  it('moves the folder when the rename succeeds', async () => {
    dir = await mkdtemp(join(tmpdir(), 'planvas-exdev-'));
    await mkdir(join(dir, 'from'));
    await renameIntoPlace(join(dir, 'from'), join(dir, 'to'), 'to');
    expect((await stat(join(dir, 'to'))).isDirectory()).toBe(true);
  });
});
