import { randomBytes } from 'node:crypto';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isMissing } from './safe-path';

export interface AtomicWriteOptions {
  /** Fail with EEXIST instead of replacing an existing file (creating a document). */
  exclusive?: boolean;
  /**
   * Runs once the new bytes are durable in the temp file, just before they replace the target:
   * the last moment to refuse (a save re-checks that nobody changed the file meanwhile). If it
   * throws, the temp file is removed, the target is left as it is, and the error is passed on.
   */
  beforeRename?: () => Promise<void>;
  /**
   * Checks the file the rename replaced, kept reachable by a hard link (`replaced`) until this
   * returns: it sees what beforeRename cannot, an editor's in-place write that reached the old
   * file between that check and the rename. If it throws, the old file is put back over the new
   * one and the error is passed on. Skipped where the file system has no hard links.
   */
  afterRename?: (replaced: string) => Promise<void>;
}

/** writeFileAtomic's signature: what a repository is given, so a test can make the disk fail or race. */
export type AtomicWriter = (path: string, data: string | Uint8Array, options?: AtomicWriteOptions) => Promise<void>;

/**
 * `.<name>.<pid>.<12 hex>.tmp`: the temp file of a write to `<name>`, in the same folder (and the
 * name afterRename's hard link has). The pid says whose it is, so a later start can tell a crashed
 * write's leftover (stale-temp-files.ts) from a write still under way in another process.
 */
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** The target name and writer pid of one of writeFileAtomic's temp file names; undefined for any other name. */
export function parseTempName(name: string): { target: string; pid: number } | undefined {
  const match = TEMP_NAME.exec(name);
  return match ? { target: match[1] as string, pid: Number(match[2]) } : undefined;
}

/**
 * Replaces `path` so that a crash leaves either the old or the new bytes, never a mix: the data
 * goes to a temp file in the same folder, is fsynced, renamed over the target, and the folder is
 * fsynced so the rename itself is durable. An existing file's permission bits are kept.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const temp = tempPathFor(path);
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
    await options.beforeRename?.();
    if (options.exclusive) {
      // link() fails if the target exists, which rename() would silently replace.
      await link(temp, path);
      await unlink(temp);
      moved = true;
    } else if (options.afterRename) {
      const replaced = await linkAside(path);
      try {
        await rename(temp, path);
        moved = true;
      } finally {
        if (!moved && replaced) await unlink(replaced).catch(() => undefined);
      }
      if (replaced) await putBackIfRefused(path, replaced, options.afterRename);
    } else {
      await rename(temp, path);
      moved = true;
    }
    await fsyncDirectory(dir);
  } finally {
    if (!moved) await unlink(temp).catch(() => undefined);
  }
}

/** A second name for `path` (a hard link), so it outlives being replaced; undefined without hard links. */
async function linkAside(path: string): Promise<string | undefined> {
  const aside = tempPathFor(path);
  try {
    await link(path, aside);
    return aside;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No file to keep (it went away since the caller looked), or no hard links on this file system.
    if (isMissing(error) || code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EMLINK') return undefined;
    throw error;
  }
}

async function putBackIfRefused(path: string, replaced: string, check: (replaced: string) => Promise<void>): Promise<void> {
  try {
    await check(replaced);
  } catch (refusal) {
    // The old file, with whatever reached it, goes back; the new bytes are dropped.
    await rename(replaced, path);
    await fsyncDirectory(dirname(path));
    throw refusal;
  }
  await unlink(replaced).catch(() => undefined);
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
