import { lstat, rm } from 'node:fs/promises';
import { isMissing } from './safe-path';
import type { TempSweep } from './stale-temp-files';

/** No copy or delete takes this long: a set-aside folder untouched for an hour is a leftover. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes the hidden folders (set-aside-names.ts) that a workflow copy or delete left when the
 * server stopped half-way: an unfinished copy, or a deleted workflow not yet removed. A folder
 * changed within the hour is left alone, another server may be working in it; `ctime` counts, as
 * the rename that set a deleted workflow aside changes it and not `mtime`. The walk lists only
 * real folders, and rm removes a link inside as itself: nothing outside a folder is touched.
 */
export async function removeStaleSetAsideFolders(folders: ReadonlyArray<string>, sweep: TempSweep, now = Date.now()): Promise<void> {
  for (const path of folders) {
    try {
      const info = await lstat(path);
      if (!info.isDirectory() || now - Math.max(info.mtimeMs, info.ctimeMs) < ABANDONED_AFTER_MS) continue;
      await rm(path, { recursive: true, force: true });
      sweep.removed.push(path);
    } catch (error) {
      if (!isMissing(error)) sweep.failed.push({ path, error });
    }
  }
}
