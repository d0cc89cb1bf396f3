import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EventEnvelope } from '@planvas/shared';
import { isMissing } from '../workspace/safe-path';
import { rememberEnvelopeJson } from './envelope-json';

/** An event to store; the log adds `seq` and (unless given, e.g. by an import) `timestamp`. */
export interface EventToStore {
  type: string;
  data: Record<string, unknown>;
  timestamp?: string;
}

interface PendingBatch {
  text: string;
  bytes: number;
  envelopes: EventEnvelope[];
  resolve: (envelopes: EventEnvelope[]) => void;
  reject: (error: unknown) => void;
}

/** Every stored line starts like this (the envelope is always written seq first). */
const SEQ_PREFIX = /^\{"seq":(\d+),/;

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
 */
export class EventLog {
  private seq: number;
  private pending: PendingBatch[] = [];
  private draining = false;
  private failure: unknown;
  private closed = false;
  /** Byte offset of each line by seq (index = seq - 1), for cheap resumes. */
  private readonly offsets: number[];
  private size: number;
  /** What is written: readers never see bytes of an append still in flight. */
  private committedSeq: number;
  private committedSize: number;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private awaitingSync: PendingBatch[] = [];
  private syncWaiters: Array<{ size: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  private syncedSize: number;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    scan: { lastSeq: number; offsets: number[]; size: number },
    private readonly onCommit: (envelopes: EventEnvelope[]) => void,
    private readonly policy: SyncPolicy,
  ) {
    this.seq = scan.lastSeq;
    this.offsets = scan.offsets;
    this.size = scan.size;
    this.committedSeq = scan.lastSeq;
    this.committedSize = scan.size;
    this.syncedSize = scan.size;
  }

  static async open(path: string, onCommit: (envelopes: EventEnvelope[]) => void = () => undefined, policy: SyncPolicy = 'batch'): Promise<EventLog> {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'a+');
    try {
      const bytes = await handle.readFile();
      const lastNewline = bytes.lastIndexOf(0x0a);
      const complete = lastNewline + 1;
      if (complete < bytes.length) {
        // A torn tail from a crash mid-write: it was never acknowledged, so it is dropped.
        await handle.truncate(complete);
        await handle.datasync();
      }
      const scan = scanLines(bytes.subarray(0, complete));
      return new EventLog(path, handle, { ...scan, size: complete }, onCommit, policy);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Appends events; resolves with their envelopes once they are written (and synced, under `always`). */
  append(events: ReadonlyArray<EventToStore>, now: () => string = () => new Date().toISOString()): Promise<EventEnvelope[]> {
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
      this.offsets.push(this.size);
      this.size += Buffer.byteLength(json) + 1;
      text += `${json}\n`;
      const envelope: EventEnvelope = { seq, ...draft };
      rememberEnvelopeJson(envelope, json);
      envelopes.push(envelope);
    });
    const bytes = this.size - start;
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
    const start = Math.max(0, Math.floor(after));
    if (start >= this.committedSeq || limit <= 0) return [];
    const from = this.offsets[start] ?? this.committedSize;
    const stop = Math.min(this.committedSeq, start + limit);
    const end = stop < this.committedSeq ? (this.offsets[stop] ?? this.committedSize) : this.committedSize;
    const length = end - from;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, from);
    return parseLines(buffer.subarray(0, bytesRead), after, limit);
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

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush().catch(() => undefined);
    this.closed = true;
    await this.handle.close();
  }
}

function scanLines(bytes: Buffer): { lastSeq: number; offsets: number[] } {
  const offsets: number[] = [];
  let lastSeq = 0;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline;
    const head = bytes.toString('utf8', start, Math.min(end, start + 32));
    const match = SEQ_PREFIX.exec(head);
    if (match) {
      const seq = Number(match[1]);
      // Lines are numbered 1..n in order; an index by seq needs exactly that.
      if (seq === lastSeq + 1) {
        offsets.push(start);
        lastSeq = seq;
      }
    }
    start = end + 1;
  }
  return { lastSeq, offsets };
}

function parseLines(bytes: Buffer, after: number, limit: number): EventEnvelope[] {
  const out: EventEnvelope[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (out.length >= limit) break;
    const match = SEQ_PREFIX.exec(line);
    if (!match || Number(match[1]) <= after) continue;
    out.push(JSON.parse(line) as EventEnvelope);
  }
  return out;
}

/** Reads events of a log that is not open (a finished run), without holding the file. */
export async function readEventsFile(path: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventEnvelope[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const complete = bytes.lastIndexOf(0x0a) + 1;
  return parseLines(bytes.subarray(0, complete), after, limit);
}
