import { chmod, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { writeFileAtomic } from './atomic-write';

let dir: string;
useTempDir('planvas-atomic-', (path) => (dir = path));

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file behind', async () => {
    const path = join(dir, 'plan.json');
    await writeFile(path, 'old');
    await writeFileAtomic(path, 'new ✓');
    expect(await readFile(path, 'utf8')).toBe('new ✓');
    expect(await readdir(dir)).toEqual(['plan.json']);
  });

  it('keeps the permission bits of the file it replaces', async () => {
    const path = join(dir, 'plan.json');
    await writeFile(path, 'old');
    await chmod(path, 0o640);
    await writeFileAtomic(path, 'new');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
  });

  it('exclusive: creates a missing file, refuses an existing one untouched', async () => {
    const path = join(dir, 'step_config.json');
    await writeFileAtomic(path, 'first', { exclusive: true });
    await expect(writeFileAtomic(path, 'second', { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['step_config.json']);
  });

  it('beforeRename refusing: the target stays as it was and no temp file is left', async () => {
    const path = join(dir, 'plan.json');
    await writeFile(path, 'old');
    const refusal = new Error('changed meanwhile');
    await expect(writeFileAtomic(path, 'new', { beforeRename: async () => Promise.reject(refusal) })).rejects.toBe(refusal);
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['plan.json']);
  });

  it('afterRename sees the replaced file; refusing puts it back, with what reached it', async () => {
    const path = join(dir, 'plan.json');
    await writeFile(path, 'old');
    const seen: string[] = [];
    await writeFileAtomic(path, 'new', { afterRename: async (replaced) => void seen.push(await readFile(replaced, 'utf8')) });
    expect(seen).toEqual(['old']);
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['plan.json']);

    // An in-place write to the old file between the last check and the rename lands in the replaced file.
    const refusal = new Error('an editor wrote it');
    const write = writeFileAtomic(path, 'newer', {
      beforeRename: () => writeFile(path, 'editor'),
      afterRename: async (replaced) => {
        if ((await readFile(replaced, 'utf8')) !== 'new') throw refusal;
      },
    });
    await expect(write).rejects.toBe(refusal);
    expect(await readFile(path, 'utf8')).toBe('editor');
    expect(await readdir(dir)).toEqual(['plan.json']);
  });

  it('a failed write leaves the old file and no temp file', async () => {
    await expect(writeFileAtomic(join(dir, 'missing-folder', 'plan.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});
