import { readFile } from 'node:fs/promises';
import { fileStamp } from './file-stamp';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';

/**
 * Reads the revision of a file (the hash of its bytes; null when it does not exist) and can skip
 * the read when the file's stamp (file-stamp.ts) says it was not touched since the last hash, which
 * makes polling many files every few seconds cheap. The stamp is taken BEFORE the bytes are read:
 * a write in between leaves a stale stamp, so the next probe hashes again rather than trusting old
 * bytes. Nor is a revision kept for a file modified within the last RACY_MS: a second in-place
 * write within the same clock tick could leave its stamp as it was.
 */
export class FileRevisionProbe {
  private readonly seen = new Map<string, { stamp: string; revision: string }>();

  /** `trustStat`: answer from the cache when the file's stamp is unchanged. */
  async revision(path: string, options: { trustStat?: boolean } = {}): Promise<string | null> {
    const stamp = await fileStamp(path);
    if (!stamp.isFile) return this.forget(path);
    const cached = this.seen.get(path);
    if (options.trustStat && cached?.stamp === stamp.key) return cached.revision;
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return this.forget(path);
      throw error;
    }
    const revision = revisionOf(bytes);
    if (stamp.settled) this.seen.set(path, { stamp: stamp.key, revision });
    else this.seen.delete(path);
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
