import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asHttpAnswer } from '../test-support/http-answer';
import { OPEN_READ, appendFileInside, ensureDirInside, openInside, readFileInside, replaceDerivedFileInside } from './confined-fs';
import { PathOutsideWorkspace as PathOutsideWorkspaceError } from './run-errors';

let base: string;
let root: string;
let outside: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'planvas-confined-')));
  root = join(base, 'ws');
  outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(join(outside, 'secret'), 'SECRET');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('confined-fs', () => {
  it('creates folders level by level and never past a link out of the root', async () => {
    expect(await ensureDirInside(root, join(root, 'a', 'b', 'c'))).toBe(join(root, 'a', 'b', 'c'));
    await symlink(outside, join(root, 'a', 'link'));
    await expect(ensureDirInside(root, join(root, 'a', 'link', 'x', 'y'))).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
    expect(await readdir(outside)).toEqual(['secret']);
    // A link that stays inside is followed.
    await symlink(join(root, 'a', 'b'), join(root, 'inner'));
    expect(await ensureDirInside(root, join(root, 'inner', 'd'))).toBe(join(root, 'a', 'b', 'd'));
    await expect(ensureDirInside(root, join(base, 'elsewhere'))).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
  });

  it('opens no file through a link, not even one that stays inside, and says so without absolute paths', async () => {
    await writeFile(join(root, 'real.txt'), 'inside');
    await symlink(join(root, 'real.txt'), join(root, 'alias.txt'));
    await symlink(join(outside, 'secret'), join(root, 'leak.txt'));
    expect((await readFileInside(root, join(root, 'real.txt'))).toString()).toBe('inside');
    for (const name of ['alias.txt', 'leak.txt']) {
      const refused = await readFileInside(root, join(root, name)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PathOutsideWorkspaceError);
      expect(asHttpAnswer(refused).statusCode).toBe(409);
      expect((refused as Error).message).toContain(`"${name}"`);
      expect((refused as Error).message).not.toContain(base);
    }
    await expect(openInside(root, join(root, 'missing.txt'), OPEN_READ)).rejects.toMatchObject({ code: 'ENOENT' });
    await mkdir(join(root, 'folder.txt'));
    await expect(openInside(root, join(root, 'folder.txt'), OPEN_READ)).rejects.toBeDefined();
  });

  it('appends and replaces only inside, never through a planted link', async () => {
    await appendFileInside(root, join(root, 'learnings', 'step', 'learnings.md'), 'one\n');
    await appendFileInside(root, join(root, 'learnings', 'step', 'learnings.md'), 'two\n');
    expect(await readFile(join(root, 'learnings', 'step', 'learnings.md'), 'utf8')).toBe('one\ntwo\n');
    await symlink(join(outside, 'secret'), join(root, 'learnings', 'step', 'planted.md'));
    await expect(appendFileInside(root, join(root, 'learnings', 'step', 'planted.md'), 'x')).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
    // replace swaps the link itself out, leaving its target alone.
    await replaceDerivedFileInside(root, join(root, 'learnings', 'step', 'planted.md'), 'derived');
    expect(await readFile(join(outside, 'secret'), 'utf8')).toBe('SECRET');
    expect(await readFile(join(root, 'learnings', 'step', 'planted.md'), 'utf8')).toBe('derived');
  });
});
