import { fileStamp } from './file-stamp';

/** How many workflows' results are kept; the least recently used go first. */
export const STAT_CACHE_LIMIT = 200;

/**
 * Results computed from files (a workflow's summary, its parsed view), reused while the files'
 * stamps (file-stamp.ts) and the extra key parts are unchanged. Parsing and checking a 1,000-step
 * plan costs ~100 ms of the server's one thread; listing a workspace of such plans on every page load would
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
