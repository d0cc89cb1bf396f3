import { lstat } from 'node:fs/promises';
import { isMissing } from './safe-path';

/**
 * Whether anything is at `path`, a link counting as itself (not followed: a dangling link or one
 * leading out of the root is there all the same). Only "missing" answers false; any other failure
 * (no permission, I/O) is thrown, so a probe that guards a write never takes it for absence.
 */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * Like pathExists, but a path that cannot be looked at for any reason counts as absent: for
 * lookups that then fall back to something safe (another spelling of a name, a not-found answer).
 */
export async function pathVisible(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
