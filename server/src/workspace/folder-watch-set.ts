import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { isMissing } from './safe-path';

export type FolderEventListener = (folder: string, filename: string | null) => void;

interface WatchedFolder {
  watcher: FSWatcher;
  /**
   * dev, inode and birth time of the folder when it was watched: a folder deleted and made again
   * needs a new watch, and Linux hands the new folder the freed inode number at once.
   */
  identity: string;
}

/**
 * Non-recursive fs.watch on an exact set of folders. Not one recursive watch of the root: on
 * Linux Node 20 emulates `recursive` with an inotify watch per file AND folder of the whole tree,
 * so run logs, learnings or a node_modules inside the workspace would cost thousands of watches
 * and wake planvas on every log line. The planning folders and the folders where a new workflow
 * can appear are a few dozen.
 */
export class FolderWatchSet {
  private readonly watched = new Map<string, WatchedFolder>();
  private closed = false;
  private syncing: Promise<void> = Promise.resolve();

  /** Folders that could not be watched (e.g. the inotify limit): not retried while wanted. */
  private readonly failed = new Set<string>();

  constructor(
    private readonly onEvent: FolderEventListener,
    /** A folder that vanished or failed: the owner re-scans and syncs again. */
    private readonly onLost: (folder: string) => void,
    /** A folder that exists but cannot be watched; reported once (polling still covers it). */
    private readonly onUnwatchable: (folder: string, error: unknown) => void = () => undefined,
  ) {}

  get size(): number {
    return this.watched.size;
  }

  has(folder: string): boolean {
    return this.watched.has(folder);
  }

  /**
   * Watches exactly `folders`: new ones are added, others closed, replaced ones watched anew.
   * Calls run one after another, so an older sync never undoes a newer one. Resolves with the
   * folders that were not watched before.
   */
  sync(folders: Iterable<string>): Promise<string[]> {
    const wanted = new Set(folders);
    const run = this.syncing.then(() => this.syncNow(wanted));
    this.syncing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async syncNow(wanted: ReadonlySet<string>): Promise<string[]> {
    const added: string[] = [];
    if (this.closed) return added;
    for (const folder of this.failed) if (!wanted.has(folder)) this.failed.delete(folder);
    for (const [folder, entry] of this.watched) {
      if (!wanted.has(folder)) this.unwatch(folder, entry);
    }
    await Promise.all(
      [...wanted].map(async (folder) => {
        if (this.failed.has(folder)) return;
        const identity = await identityOf(folder);
        if (this.closed) return;
        const current = this.watched.get(folder);
        if (current && current.identity === identity) return;
        if (current) this.unwatch(folder, current);
        if (identity !== undefined && this.add(folder, identity)) added.push(folder);
      }),
    );
    return added;
  }

  private add(folder: string, identity: string): boolean {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { encoding: 'utf8' }, (_event, filename) => {
        // The watched folder itself was deleted or moved (its inotify watch is dead from now on).
        if (filename === basename(folder)) void this.checkStillThere(folder, watcher);
        this.onEvent(folder, filename ?? null);
      });
    } catch (error) {
      if (isMissing(error)) {
        this.onLost(folder); // vanished between stat and watch
      } else {
        // ENOSPC (out of inotify watches), EACCES: retrying on every re-scan would only spin.
        this.failed.add(folder);
        this.onUnwatchable(folder, error);
      }
      return false;
    }
    watcher.on('error', () => {
      const entry = this.watched.get(folder);
      if (entry?.watcher === watcher) this.unwatch(folder, entry);
      this.onLost(folder);
    });
    this.watched.set(folder, { watcher, identity });
    return true;
  }

  private async checkStillThere(folder: string, watcher: FSWatcher): Promise<void> {
    const identity = await identityOf(folder);
    const entry = this.watched.get(folder);
    if (!entry || entry.watcher !== watcher || entry.identity === identity) return;
    this.unwatch(folder, entry);
    this.onLost(folder);
  }

  private unwatch(folder: string, entry: WatchedFolder): void {
    entry.watcher.close();
    this.watched.delete(folder);
  }

  close(): void {
    this.closed = true;
    for (const [folder, entry] of this.watched) this.unwatch(folder, entry);
  }
}

async function identityOf(folder: string): Promise<string | undefined> {
  try {
    const info = await stat(folder);
    return info.isDirectory() ? `${info.dev}:${info.ino}:${info.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}
