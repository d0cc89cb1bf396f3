import { mkdir, realpath, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EventEnvelope, EventInput } from '@planvas/shared';
import { isMissing } from '../workspace/safe-path';
import { OPEN_APPEND_READ, ensureDirInside, openInside } from './confined-fs';
import { rememberEnvelopeJson } from './envelope-json';
import { LogIndexCache, extendIndex, loadSidecar, writeSidecar } from './log-index-files';
import { LogOffsetIndex } from './log-offset-index';
import { readEventsPage, type EventsPage } from './log-page';

/**
 * An event as the log takes it, of any type: the log only numbers and writes. What reaches it is
 * typed by the run store (an EventToStore, or an ingested event checked against its schema).
 * The log adds `seq` and (unless given, e.g. by an import) `timestamp`.
 */
export interface LogEventInput {
  type: string;
  data: Record<string, unknown>;
  timestamp?: string;
}

/**
 * An event planvas itself stores (the engine, the run lifecycle, imports): one of the union of
 * known events (docs/api.md "Event envelope"), so a misspelt type or a payload field of the wrong type
 * fails to compile. An import keeps its log line's own `timestamp`.
 */
export type EventToStore = EventInput & { timestamp?: string };

interface PendingBatch {
  text: string;
  bytes: number;
  envelopes: EventEnvelope[];
  resolve: (envelopes: EventEnvelope[]) => void;
  reject: (error: unknown) => void;
}

/**
 * When an append is acknowledged. `batch` (default): once its bytes are written to the file (they
 * survive a crash of planvas, and viewers see them at once) while fdatasync runs continuously in
 * the background, each sync covering everything written before it began; a power loss can cost
 * the events of the one sync in flight, a few milliseconds' worth. `always`: only after an
 * fdatasync that covers it (PLANVAS_EVENT_FSYNC=always), at the price of the sync latency on
 * every acknowledgement. Either way a run's end, a question to a human and shutdown wait for a
 * covering sync (flush()).
 */
export type SyncPolicy = 'batch' | 'always';

export function syncPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): SyncPolicy {
  return env['PLANVAS_EVENT_FSYNC'] === 'always' ? 'always' : 'batch';
}

/**
 * A run's append-only event log, `events.jsonl`: one envelope per line, `seq` from 1.
 *
 * Appends are group-committed: appends that arrive while a write is in flight go out together in
 * one write, so a burst costs a handful of system calls, not one per event; fdatasync runs beside
 * the writes (see SyncPolicy). Sequence numbers are taken at append time, so the order of
 * append() calls is the order in the file, to `onCommit` and on every stream. Readers only ever
 * see written bytes.
 *
 * A crash mid-write can leave a torn last line (never acknowledged, never streamed): open()
 * cuts it off, so the file is always valid JSON Lines.
 *
 * Reads go through a sparse offset index (LogOffsetIndex) kept up to date by the appends and
 * saved beside the log when it closes (`events.index.json`), so a reopened log does not scan its
 * file again and a reader of the finished run starts at the right offset.
 */
export class EventLog {
  private seq: number;
  private pending: PendingBatch[] = [];
  private draining = false;
  private failure: unknown;
  private closed = false;
  /** Where lines start (every Nth line), covering everything appended, written or not. */
  private readonly offsets: LogOffsetIndex;
  private size: number;
  /** What is written: readers never see bytes of an append still in flight. */
  private committedSeq: number;
  private committedSize: number;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private awaitingSync: PendingBatch[] = [];
  private syncWaiters: Array<{ size: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private syncedSize: number;
  /** True once the sidecar no longer matches (appends, or it was missing or wrong at open). */
  private sidecarStale: boolean;

  private constructor(
    readonly path: string,
    private readonly root: string,
    private readonly handle: FileHandle,
    index: LogOffsetIndex,
    sidecarStale: boolean,
    private readonly onCommit: (envelopes: EventEnvelope[]) => void,
    private readonly policy: SyncPolicy,
  ) {
    this.offsets = index;
    this.seq = index.maxSeq;
    this.size = index.size;
    this.committedSeq = index.maxSeq;
    this.committedSize = index.size;
    this.syncedSize = index.size;
    this.sidecarStale = sidecarStale;
  }

  /**
   * Opens (creating) the log at `path`. With `root`, the log's folder is created and opened only
   * inside that workspace root and the file is never a symlink (confined-fs); without it (tests,
   * tools), the folder the log is in counts as the root.
   */
  static async open(
    path: string,
    onCommit: (envelopes: EventEnvelope[]) => void = () => undefined,
    policy: SyncPolicy = 'batch',
    options: { root?: string } = {},
  ): Promise<EventLog> {
    let root = options.root;
    if (root === undefined) {
      await mkdir(dirname(path), { recursive: true });
      root = await realpath(dirname(path));
    } else {
      await ensureDirInside(root, dirname(path));
    }
    const handle = await openInside(root, path, OPEN_APPEND_READ);
    try {
      const { size } = await handle.stat();
      const complete = await completeLinesEnd(handle, size);
      if (complete < size) {
        // A torn tail from a crash mid-write: it was never acknowledged, so it is dropped.
        await handle.truncate(complete);
        await handle.datasync();
      }
      const saved = await loadSidecar(root, path, handle, complete);
      const index = saved ?? LogOffsetIndex.empty();
      await extendIndex(handle, index, complete);
      const sidecarStale = !saved || saved.size !== complete;
      return new EventLog(path, root, handle, index, sidecarStale, onCommit, policy);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Appends events; resolves with their envelopes once they are written (and synced, under `always`). */
  append(events: ReadonlyArray<LogEventInput>, now: () => string = () => new Date().toISOString()): Promise<EventEnvelope[]> {
    if (this.closed) return Promise.reject(new Error(`event log ${this.path} is closed`));
    if (this.failure) return Promise.reject(this.failure);
    if (events.length === 0) return Promise.resolve([]);
    // Serialise before taking sequence numbers: a payload that cannot be written (a cycle, a
    // BigInt) is refused whole and leaves no gap in the numbering.
    const timestamp = now();
    const drafts = events.map((e) => ({ type: e.type, timestamp: e.timestamp ?? timestamp, data: e.data }));
    let bodies: string[];
    try {
      bodies = drafts.map((d) => JSON.stringify(d).slice(1));
    } catch (error) {
      return Promise.reject(error);
    }
    const envelopes: EventEnvelope[] = [];
    let text = '';
    const start = this.size;
    drafts.forEach((draft, i) => {
      const seq = ++this.seq;
      const json = `{"seq":${seq},${bodies[i]}`;
      const length = Buffer.byteLength(json);
      this.offsets.addLine(length, seq);
      this.size += length + 1;
      text += `${json}\n`;
      const envelope: EventEnvelope = { seq, ...draft };
      rememberEnvelopeJson(envelope, json);
      envelopes.push(envelope);
    });
    const bytes = this.size - start;
    this.sidecarStale = true;
    return new Promise((resolve, reject) => {
      this.pending.push({ text, bytes, envelopes, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        if (this.failure) throw this.failure;
        await this.handle.write(batch.map((b) => b.text).join(''));
      } catch (error) {
        // After a failed write the file's tail is unknown: refuse further appends rather than
        // risk numbering that does not match the file.
        this.failure ??= error;
        for (const b of batch) b.reject(error);
        continue;
      }
      for (const b of batch) {
        this.committedSeq += b.envelopes.length;
        this.committedSize += b.bytes;
        this.onCommit(b.envelopes);
        if (this.policy === 'batch') b.resolve(b.envelopes);
        else this.awaitingSync.push(b);
      }
      this.requestSync();
    }
    this.draining = false;
  }

  /** Starts an fdatasync unless one is running; a running one is followed by one more. */
  private requestSync(): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        const covered = this.awaitingSync.splice(0);
        const upTo = this.committedSize;
        try {
          await this.handle.datasync();
        } catch (error) {
          this.failure ??= error;
          for (const b of covered) b.reject(error);
          for (const w of this.syncWaiters.splice(0)) w.reject(error);
          break;
        }
        this.syncedSize = upTo;
        for (const b of covered) b.resolve(b.envelopes);
        this.syncWaiters = this.syncWaiters.filter((w) => {
          if (w.size > upTo) return true;
          w.resolve();
          return false;
        });
      } while (this.syncAgain || this.awaitingSync.length > 0);
      this.syncing = undefined;
      if (this.syncWaiters.length > 0 && !this.failure) this.requestSync();
    })();
  }

  /** Committed events with seq > after, at most `limit`. */
  async readAfter(after: number, limit = Number.POSITIVE_INFINITY): Promise<EventEnvelope[]> {
    return (await this.readPageAfter(after, limit)).events;
  }

  /** Committed events with seq > after, at most `limit`, and notices of damaged lines on the way. */
  async readPageAfter(after: number, limit = Number.POSITIVE_INFINITY): Promise<EventsPage> {
    const start = Math.max(0, Math.floor(after));
    if (start >= this.committedSeq || limit <= 0) return { events: [], notices: [] };
    return readEventsPage(this.handle, this.offsets, this.committedSize, start, limit);
  }

  /** Resolves when every append made so far is written and covered by an fdatasync. */
  async flush(): Promise<void> {
    while (this.draining || this.pending.length > 0) await new Promise((r) => setTimeout(r, 1));
    if (this.failure) throw this.failure;
    if (this.syncedSize >= this.committedSize) return;
    await new Promise<void>((resolve, reject) => {
      this.syncWaiters.push({ size: this.committedSize, resolve, reject });
      this.requestSync();
    });
  }

  /**
   * Closes the file; the offset index is saved beside it and, given a cache, handed to it, so the
   * finished run's first reader needs neither a scan nor the sidecar.
   */
  /** Whether close() has begun: the file handle may already be gone. */
  get isClosed(): boolean {
    return this.closed;
  }

  async close(cache?: LogIndexCache): Promise<void> {
    if (this.closed) return;
    await this.flush().catch(() => undefined);
    this.closed = true;
    try {
      if (!this.failure && this.committedSize === this.size) {
        if (this.sidecarStale) await writeSidecar(this.root, this.path, this.offsets, this.handle);
        if (cache) {
          const stat = await this.handle.stat();
          cache.adopt(this.path, this.offsets, { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs });
        }
      }
    } finally {
      await this.handle.close();
    }
  }
}

/** Where the last complete line ends (after its newline): a torn tail after it is not part of the log. */
async function completeLinesEnd(handle: FileHandle, size: number): Promise<number> {
  const chunk = Buffer.allocUnsafe(64 * 1024);
  let end = size;
  while (end > 0) {
    const length = Math.min(chunk.length, end);
    const { bytesRead } = await handle.read(chunk, 0, length, end - length);
    const newline = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (newline >= 0) return end - length + newline + 1;
    end -= length;
  }
  return 0;
}

/** Reads events of a log that is not open (tools and tests; the run store keeps its own LogIndexCache). */
export async function readEventsFile(path: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventEnvelope[]> {
  let root: string;
  try {
    root = await realpath(dirname(path));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return (await new LogIndexCache().readPage(root, path, after, limit)).events;
}
