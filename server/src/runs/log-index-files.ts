import { basename, dirname, join } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { isMissing } from '../workspace/safe-path';
import { OPEN_READ, openInside, readFileInside, replaceDerivedFileInside } from './confined-fs';
import { CHECKPOINT_EVERY, LogOffsetIndex } from './log-offset-index';
import { readEventsPage, StaleIndexError, type EventsPage, type LogReader } from './log-page';

/**
 * The offset index of a log kept beside it, `events.index.json`, so a finished run read after a
 * restart starts at the right offset without scanning its log first. It is a cache, never the
 * record: it is trusted only while it matches the log (the log is at least as long as what it
 * covers, and the last bytes it covers are the bytes it remembers), extended when the log grew,
 * and rebuilt from the log when missing or wrong. A log is append-only, so "the covered bytes end
 * the same way" is a cheap and sufficient check; a reader also checks that each checkpoint it
 * uses starts a line, and rebuilds when one does not.
 */
export const SIDECAR_FILE = 'events.index.json';
const TAIL_BYTES = 64;
const SCAN_CHUNK = 1024 * 1024;

export function sidecarPathOf(logPath: string): string {
  return join(dirname(logPath), basename(logPath) === 'events.jsonl' ? SIDECAR_FILE : `${basename(logPath)}.index.json`);
}

/** The sidecar's index when it matches the first bytes of the log, else undefined. */
export async function loadSidecar(root: string, logPath: string, log: LogReader, logSize: number): Promise<LogOffsetIndex | undefined> {
  let text: string;
  try {
    text = (await readFileInside(root, sidecarPathOf(logPath))).toString('utf8');
  } catch {
    // Missing, unreadable or a link: the log itself is the fallback.
    return undefined;
  }
  let value: { tail?: unknown };
  try {
    value = JSON.parse(text) as { tail?: unknown };
  } catch {
    return undefined;
  }
  const index = LogOffsetIndex.fromJSON(value);
  if (!index || index.size > logSize || typeof value.tail !== 'string') return undefined;
  const expected = Buffer.from(value.tail, 'base64');
  const actual = await tailOf(log, index.size);
  return actual.equals(expected) ? index : undefined;
}

/** Writes the sidecar for `index` (best effort: a read-only workspace only costs a scan later). */
export async function writeSidecar(root: string, logPath: string, index: LogOffsetIndex, log: LogReader): Promise<void> {
  try {
    const tail = await tailOf(log, index.size);
    await replaceDerivedFileInside(root, sidecarPathOf(logPath), JSON.stringify({ ...index.toJSON(), tail: tail.toString('base64') }));
  } catch {
    // The index is a cache; failing to keep it must never fail a read or a run.
  }
}

async function tailOf(log: LogReader, size: number): Promise<Buffer> {
  const length = Math.min(TAIL_BYTES, size);
  const buffer = Buffer.alloc(length);
  let total = 0;
  while (total < length) {
    const { bytesRead } = await log.read(buffer, total, length - total, size - length + total);
    if (bytesRead === 0) break;
    total += bytesRead;
  }
  return buffer.subarray(0, total);
}

/** Indexes the complete lines of the log from `index.size` up to `end`, reading it in chunks. */
export async function extendIndex(log: LogReader, index: LogOffsetIndex, end: number): Promise<void> {
  let chunkSize = SCAN_CHUNK;
  while (index.size < end) {
    const length = Math.min(chunkSize, end - index.size);
    const chunk = Buffer.allocUnsafe(length);
    const { bytesRead } = await log.read(chunk, 0, length, index.size);
    if (bytesRead === 0) return;
    const used = index.scan(chunk.subarray(0, bytesRead));
    if (used === 0) {
      // No newline in a whole chunk: a very long line, or the torn tail of the file.
      if (index.size + bytesRead >= end) return;
      chunkSize *= 2;
    }
  }
}

/** An open log file: random reads, its identity, close. */
export interface LogFile extends LogReader {
  stat(): Promise<{ size: number; ino: number; mtimeMs: number }>;
  close(): Promise<void>;
}

export type OpenLogFile = (root: string, path: string) => Promise<LogFile>;

const openConfined: OpenLogFile = async (root, path) => {
  const handle: FileHandle = await openInside(root, path, OPEN_READ);
  return handle;
};

interface CachedIndex {
  index: LogOffsetIndex;
  ino: number;
  fileSize: number;
  mtimeMs: number;
}

export interface LogIndexCacheOptions {
  /** How logs are opened (tests wrap the file to count what is read). */
  open?: OpenLogFile;
  /** How many logs' indexes stay in memory (least recently used dropped first). */
  maxEntries?: number;
  every?: number;
}

/**
 * Pages of logs that are not open for appending (finished runs, or runs no one writes to right
 * now), each read from its offset index: in memory for recently read logs, else the sidecar,
 * else built from the log once (and the sidecar written). Replaying a 100,000-event run page by
 * page so costs one pass over the file, not one pass per page.
 */
export class LogIndexCache {
  private readonly entries = new Map<string, CachedIndex>();
  private readonly building = new Map<string, Promise<CachedIndex>>();
  private readonly openFile: OpenLogFile;
  private readonly maxEntries: number;
  private readonly every: number;

  constructor(options: LogIndexCacheOptions = {}) {
    this.openFile = options.open ?? openConfined;
    this.maxEntries = options.maxEntries ?? 64;
    this.every = options.every ?? CHECKPOINT_EVERY;
  }

  /** Events with seq > after, at most `limit`, and the log's highest seq; an absent log is an empty page. */
  async readPage(root: string, path: string, after: number, limit: number): Promise<EventsPage & { lastSeq: number }> {
    const file = await this.openOrMissing(root, path);
    if (!file) return { events: [], notices: [], lastSeq: 0 };
    try {
      let cached = await this.indexFor(root, path, file);
      try {
        return { ...(await readEventsPage(file, cached.index, cached.index.size, after, limit)), lastSeq: cached.index.maxSeq };
      } catch (error) {
        if (!(error instanceof StaleIndexError)) throw error;
        this.entries.delete(path);
        cached = await this.indexFor(root, path, file, true);
        return { ...(await readEventsPage(file, cached.index, cached.index.size, after, limit)), lastSeq: cached.index.maxSeq };
      }
    } finally {
      await file.close();
    }
  }

  /** The highest seq in the log (0 when it is absent or empty), from its index. */
  async maxSeq(root: string, path: string): Promise<number> {
    const file = await this.openOrMissing(root, path);
    if (!file) return 0;
    try {
      return (await this.indexFor(root, path, file)).index.maxSeq;
    } finally {
      await file.close();
    }
  }

  /** Takes the index an event log kept while it was open (it covers the whole file). */
  adopt(path: string, index: LogOffsetIndex, stat: { ino: number; size: number; mtimeMs: number }): void {
    if (index.size !== stat.size) return;
    this.remember(path, { index, ino: stat.ino, fileSize: stat.size, mtimeMs: stat.mtimeMs });
  }

  /** Drops what is known about a log (it is about to be appended to). */
  forget(path: string): void {
    this.entries.delete(path);
  }

  private async openOrMissing(root: string, path: string): Promise<LogFile | undefined> {
    try {
      return await this.openFile(root, path);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private indexFor(root: string, path: string, file: LogFile, rebuild = false): Promise<CachedIndex> {
    const pending = this.building.get(path);
    if (pending && !rebuild) return pending;
    const task = this.resolveIndex(root, path, file, rebuild).finally(() => {
      if (this.building.get(path) === task) this.building.delete(path);
    });
    this.building.set(path, task);
    return task;
  }

  private async resolveIndex(root: string, path: string, file: LogFile, rebuild: boolean): Promise<CachedIndex> {
    const stat = await file.stat();
    const cached = rebuild ? undefined : this.entries.get(path);
    if (cached && cached.ino === stat.ino && cached.fileSize === stat.size && cached.mtimeMs === stat.mtimeMs) {
      this.remember(path, cached);
      return cached;
    }
    let index: LogOffsetIndex | undefined;
    let changed = false;
    if (cached && cached.ino === stat.ino && cached.fileSize < stat.size) index = cached.index.clone();
    if (!index && !rebuild) index = await loadSidecar(root, path, file, stat.size);
    if (!index) {
      index = LogOffsetIndex.empty(this.every);
      changed = true;
    }
    const before = index.size;
    await extendIndex(file, index, stat.size);
    if (index.size !== before) changed = true;
    if (changed) await writeSidecar(root, path, index, file);
    const entry = { index, ino: stat.ino, fileSize: stat.size, mtimeMs: stat.mtimeMs };
    this.remember(path, entry);
    return entry;
  }

  private remember(path: string, entry: CachedIndex): void {
    this.entries.delete(path);
    this.entries.set(path, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
