/**
 * A sparse index of an event log (`events.jsonl`): every Nth line's byte offset, so a page of
 * events after any seq is read from a nearby offset instead of from the start of the file.
 *
 * Why sparse: one checkpoint per 128 lines keeps the index of a 100,000-event run at ~800
 * entries (a few kB in memory or on disk) while a page read starts at most 127 lines early, a
 * few tens of kB, noise next to the page itself. A per-line index would cost 100,000 numbers per
 * run for no measurable gain.
 *
 * The index never parses JSON: it looks at each line's `{"seq":N,` prefix only (every line the
 * log writes starts so), which keeps building it from a file about as fast as reading the file.
 * `maxSeqBefore` is the highest prefix seq of all lines before a checkpoint, so starting at the
 * last checkpoint whose `maxSeqBefore <= after` can never skip an event with seq > after, however
 * a hand-edited or damaged file orders its lines.
 */
export interface Checkpoint {
  /** Byte offset where the line starts. */
  offset: number;
  /** Its 1-based line number in the file (for notices about damaged lines). */
  line: number;
  /** The highest seq prefix among the lines before it (0: none). */
  maxSeqBefore: number;
}

export const CHECKPOINT_EVERY = 128;

/** Every line the log writes starts like this (the envelope is always written seq first). */
export const SEQ_PREFIX = /^\{"seq":(\d+),/;
const PREFIX_PROBE_BYTES = 32;
const NEWLINE = 0x0a;

/** The `{"seq":N,` prefix of the line bytes[start, end), if it has one. */
export function seqPrefixOf(bytes: Buffer, start: number, end: number): number | undefined {
  const match = SEQ_PREFIX.exec(bytes.toString('latin1', start, Math.min(end, start + PREFIX_PROBE_BYTES)));
  return match ? Number(match[1]) : undefined;
}

export class LogOffsetIndex {
  private constructor(
    readonly every: number,
    private readonly checkpoints: Checkpoint[],
    /** Bytes covered: complete lines only, so always the offset just after a newline. */
    private coveredSize: number,
    private coveredLines: number,
    private highestSeq: number,
  ) {}

  static empty(every = CHECKPOINT_EVERY): LogOffsetIndex {
    return new LogOffsetIndex(every, [], 0, 0, 0);
  }

  /** Bytes of the file the index covers (complete lines). */
  get size(): number {
    return this.coveredSize;
  }

  get lines(): number {
    return this.coveredLines;
  }

  /** The highest seq prefix in the covered lines: where numbering goes on. */
  get maxSeq(): number {
    return this.highestSeq;
  }

  get checkpointCount(): number {
    return this.checkpoints.length;
  }

  /** Records one complete line appended at the end: its length without the newline, its seq. */
  addLine(bytes: number, seq: number | undefined): void {
    if (this.coveredLines % this.every === 0) this.checkpoints.push({ offset: this.coveredSize, line: this.coveredLines + 1, maxSeqBefore: this.highestSeq });
    this.coveredLines += 1;
    this.coveredSize += bytes + 1;
    if (seq !== undefined && seq > this.highestSeq) this.highestSeq = seq;
  }

  /**
   * Indexes the complete lines of `bytes`, which must start at `size` in the file; answers how
   * many bytes that was (a trailing partial line is left for the next call).
   */
  scan(bytes: Buffer): number {
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline < 0) return start;
      this.addLine(newline - start, seqPrefixOf(bytes, start, newline));
      start = newline + 1;
    }
  }

  /** Where to start reading for the events with seq > after. */
  startFor(after: number): Checkpoint {
    let low = 0;
    let high = this.checkpoints.length - 1;
    let found: Checkpoint = { offset: 0, line: 1, maxSeqBefore: 0 };
    while (low <= high) {
      const mid = (low + high) >> 1;
      const checkpoint = this.checkpoints[mid]!;
      if (checkpoint.maxSeqBefore <= after) {
        found = checkpoint;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  clone(): LogOffsetIndex {
    return new LogOffsetIndex(
      this.every,
      this.checkpoints.map((c) => ({ ...c })),
      this.coveredSize,
      this.coveredLines,
      this.highestSeq,
    );
  }

  toJSON(): SerializedIndex {
    return {
      version: 1,
      every: this.every,
      size: this.coveredSize,
      lines: this.coveredLines,
      maxSeq: this.highestSeq,
      checkpoints: this.checkpoints.map((c) => [c.offset, c.line, c.maxSeqBefore]),
    };
  }

  /** An index read back from JSON; undefined for anything that is not a consistent index. */
  static fromJSON(value: unknown): LogOffsetIndex | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const v = value as Partial<Record<keyof SerializedIndex, unknown>>;
    if (v.version !== 1 || !isCount(v.every) || v.every === 0 || !isCount(v.size) || !isCount(v.lines) || !isCount(v.maxSeq) || !Array.isArray(v.checkpoints))
      return undefined;
    if (v.checkpoints.length !== Math.ceil(v.lines / v.every)) return undefined;
    const checkpoints: Checkpoint[] = [];
    for (const [i, entry] of v.checkpoints.entries()) {
      if (!Array.isArray(entry) || entry.length !== 3 || !entry.every(isCount)) return undefined;
      const [offset, line, maxSeqBefore] = entry as [number, number, number];
      const previous = checkpoints.at(-1);
      if (line !== i * v.every + 1 || offset >= v.size || maxSeqBefore > v.maxSeq) return undefined;
      if (previous && (offset <= previous.offset || maxSeqBefore < previous.maxSeqBefore)) return undefined;
      checkpoints.push({ offset, line, maxSeqBefore });
    }
    if (checkpoints.length > 0 && checkpoints[0]!.offset !== 0) return undefined;
    return new LogOffsetIndex(v.every, checkpoints, v.size, v.lines, v.maxSeq);
  }
}

export interface SerializedIndex {
  version: 1;
  every: number;
  size: number;
  lines: number;
  maxSeq: number;
  /** [offset, line, maxSeqBefore] per checkpoint. */
  checkpoints: Array<[number, number, number]>;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
