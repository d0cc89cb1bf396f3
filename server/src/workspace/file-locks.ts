import { relative, sep } from 'node:path';
import type { DocumentWritten } from './document-writes';

/** A file's lock, while held (see FileLocks). */
export interface HeldFileLock {
  /**
   * Called right before the rename that gives the file `written.revision`: tells the other planvas
   * instances which revision this one is about to write and for which tab, so that one whose
   * watcher reads the new bytes before it hears of the save still reports them as planvas' own.
   * Throws when that cannot be told, which in team mode means the lock's connection (and so maybe
   * the lock) is gone: the rename must not happen then.
   */
  writing(written: DocumentWritten): Promise<void>;
}

/**
 * Saves of one file by several processes (team mode: API instances sharing one workspace) take
 * this lock around the If-Match check and the rename, as the in-process KeyedQueue does for the
 * saves of one process. Always taken INSIDE the file's queue, so a process asks for each file's
 * lock (and holds a database connection for it) once at a time.
 */
export interface FileLocks {
  /** `file`: fileLockName's name of the file, the same in every process. */
  withLock<T>(file: string, work: (lock: HeldFileLock) => Promise<T>): Promise<T>;
}

const NOTHING_TO_TELL: HeldFileLock = { writing: async () => undefined };

/** The embedded mode: one process writes the workspace, its queue is all the serialising there is. */
export const IN_PROCESS_ONLY: FileLocks = { withLock: (_file, work) => work(NOTHING_TO_TELL) };

/**
 * A file's name in every process' lock: its real path relative to the workspace root ('/'
 * separated), since each instance may see the shared workspace under a path of its own.
 */
export function fileLockName(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
