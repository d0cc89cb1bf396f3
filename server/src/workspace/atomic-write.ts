import { randomBytes } from 'node:crypto';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isMissing } from './safe-path';

export interface AtomicWriteOptions {
  /** Fail with EEXIST instead of replacing an existing file (creating a document). */
  exclusive?: boolean;
}

/**
 * Replaces `path` so that a crash leaves either the old or the new bytes, never a mix: the data
 * goes to a temp file in the same folder, is fsynced, renamed over the target, and the folder is
 * fsynced so the rename itself is durable. An existing file's permission bits are kept.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = await existingMode(path);
  let moved = false;
  try {
    const handle = await open(temp, 'wx');
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) {
      // link() fails if the target exists, which rename() would silently replace.
      await link(temp, path);
      await unlink(temp);
    } else {
      await rename(temp, path);
    }
    moved = true;
    await fsyncDirectory(dir);
  } finally {
    if (!moved) await unlink(temp).catch(() => undefined);
  }
}

export async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function existingMode(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode & 0o7777;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
