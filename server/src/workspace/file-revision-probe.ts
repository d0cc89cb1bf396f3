import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';

/**
 * Reads the revision of a file (the hash of its bytes; null when it does not exist) and can skip
 * the read when the file's stat says it was not touched since the last hash, which makes polling
 * many files every few seconds cheap. The stat is taken BEFORE the bytes are read: a write in
 * between leaves a stale stat, so the next probe hashes again rather than trusting old bytes.
 */
export class FileRevisionProbe {
  private readonly seen = new Map<string, { signature: string; revision: string }>();

  /** `trustStat`: answer from the cache when size, mtime, ctime and inode are unchanged. */
  async revision(path: string, options: { trustStat?: boolean } = {}): Promise<string | null> {
    let info: Stats;
    try {
      info = await stat(path);
    } catch (error) {
      if (isMissing(error)) return this.forget(path);
      throw error;
    }
    if (!info.isFile()) return this.forget(path);
    const signature = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    const cached = this.seen.get(path);
    if (options.trustStat && cached?.signature === signature) return cached.revision;
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return this.forget(path);
      throw error;
    }
    const revision = revisionOf(bytes);
    this.seen.set(path, { signature, revision });
    return revision;
  }

  private forget(path: string): null {
    this.seen.delete(path);
    return null;
  }

  clear(): void {
    this.seen.clear();
  }
}
