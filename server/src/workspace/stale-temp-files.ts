import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { parseTempName } from './atomic-write';
import { isMissing } from './safe-path';

/** No write takes this long: a temp file this old is a leftover even if its writer's pid is alive (reused). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export interface TempSweep {
  removed: string[];
  /** Folders or files that could not be read or removed (a read-only workspace), with the error. */
  failed: Array<{ path: string; error: unknown }>;
}

/**
 * Removes the temp files writeFileAtomic left in `folder` when a write to one of `targets` was
 * interrupted (a crash, a kill, power loss between the temp file and the rename). Only names of
 * its own pattern are touched (`.plan.json.<pid>.<hex>.tmp`), never an editor's swap or backup
 * file, and only when no write can still be under way: the writing process is gone, or the file
 * is older than this process (its pid was reused, as in a container) or older than an hour.
 */
export async function removeStaleTempFiles(folder: string, targets: ReadonlySet<string>, sweep: TempSweep): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (!isMissing(error)) sweep.failed.push({ path: folder, error });
    return;
  }
  for (const name of names) {
    const temp = parseTempName(name);
    if (!temp || !targets.has(temp.target)) continue;
    const path = join(folder, name);
    try {
      const info = await lstat(path);
      if (!info.isFile() || !isAbandoned(temp.pid, info.mtimeMs)) continue;
      await unlink(path);
      sweep.removed.push(path);
    } catch (error) {
      if (!isMissing(error)) sweep.failed.push({ path, error });
    }
  }
}

const processStartedMs = Date.now() - process.uptime() * 1000;

function isAbandoned(pid: number, modifiedMs: number): boolean {
  if (Date.now() - modifiedMs > ABANDONED_AFTER_MS) return true;
  if (pid === process.pid) return modifiedMs < processStartedMs;
  return !isRunning(pid);
}

function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
