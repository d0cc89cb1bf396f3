import { stat } from 'node:fs/promises';
import { isMissing } from './safe-path';

/** How many workflows' results are kept; the least recently used go first. */
export const STAT_CACHE_LIMIT = 200;

/**
 * A file modified this recently may be modified again within the file system's timestamp
 * granularity (the kernel's clock tick, a few ms) without its stamp changing, keeping its size and
 * inode (an in-place write): results from such a file are not kept. Git's "racily clean" rule.
 */
export const RACY_MS = 2000;

type Stamp = { key: string; settled: boolean };

/**
 * What a file looks like from outside: inode, size and modification time in nanoseconds. Any
 * write planvas makes (temp file + rename: a new inode) or an editor makes changes it, so a
 * result computed from the file's content stays valid while this stays the same.
 */
export async function fileStamp(path: string, now = Date.now()): Promise<Stamp> {
  try {
    const s = await stat(path, { bigint: true });
    return { key: `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, settled: now - Number(s.mtimeMs) > RACY_MS };
  } catch (error) {
    if (isMissing(error)) return { key: 'absent', settled: true };
    throw error;
  }
}

/**
 * Results computed from files (a workflow's summary, its parsed view), reused while the files'
 * stamps and the extra key parts are unchanged. Parsing and checking a 1,000-step plan costs
 * ~100 ms of the server's one thread; listing a workspace of such plans on every page load would
 * hold every other request up for seconds. Computing is left to the caller, so a failure is never
 * cached.
 */
export class StatKeyedCache<T> {
  private readonly entries = new Map<string, { key: string; value: T }>();

  constructor(private readonly limit = STAT_CACHE_LIMIT) {}

  async get(name: string, paths: readonly string[], extraKey: string, compute: () => Promise<T>): Promise<T> {
    const stamps = await Promise.all(paths.map((path) => fileStamp(path)));
    const key = `${stamps.map((s) => s.key).join('|')}|${extraKey}`;
    const hit = this.entries.get(name);
    if (hit && hit.key === key) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(name);
      this.entries.set(name, hit);
      return hit.value;
    }
    const value = await compute();
    this.entries.delete(name);
    if (!stamps.every((s) => s.settled)) return value;
    this.entries.set(name, { key, value });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
