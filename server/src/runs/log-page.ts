import type { EventEnvelope } from '@planvas/shared';
import { rememberEnvelopeJson } from './envelope-json';
import { SEQ_PREFIX, type LogOffsetIndex } from './log-offset-index';
import { runMessages } from './messages';

/** Something wrong in the log that a reader skipped; sent beside the events, never instead of them. */
export interface LogNotice {
  code: 'log_corrupt';
  /** 1-based line number in events.jsonl. */
  line: number;
  /** The seq the line claims, when its start is readable (a client may treat it as passed). */
  seq?: number;
  message: string;
}

export interface EventsPage {
  events: EventEnvelope[];
  notices: LogNotice[];
}

/** Random-access reads (a FileHandle is one; tests wrap it to count what is read). */
export interface LogReader {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

/** The index points at something that is not a line start: the file changed under it. */
export class StaleIndexError extends Error {
  constructor() {
    super('the log offset index does not match the file');
    this.name = 'StaleIndexError';
  }
}

const FIRST_CHUNK = 64 * 1024;
const MAX_CHUNK = 1024 * 1024;

/**
 * The events with seq > after (at most `limit`) among the complete lines before byte `end`,
 * reading from the index's nearest checkpoint on. A line that is not a whole, well-formed
 * envelope is skipped with a `log_corrupt` notice; each such line is reported by the page whose
 * range holds it (after the last seq at or below `after` that precedes it), so paging through a
 * run reports it once.
 */
export async function readEventsPage(reader: LogReader, index: LogOffsetIndex, end: number, after: number, limit: number): Promise<EventsPage> {
  const page: EventsPage = { events: [], notices: [] };
  if (limit <= 0) return page;
  const start = index.startFor(after);
  if (start.offset > end) throw new StaleIndexError();
  if (start.offset > 0) {
    const before = Buffer.alloc(1);
    await readFully(reader, before, start.offset - 1);
    if (before[0] !== 0x0a) throw new StaleIndexError();
  }
  let line = start.line;
  let maxSeq = start.maxSeqBefore;
  let position = start.offset;
  let carry = Buffer.alloc(0);
  let chunkSize = FIRST_CHUNK;
  while (position < end && page.events.length < limit) {
    const length = Math.min(chunkSize, end - position);
    const chunk = Buffer.allocUnsafe(length);
    const read = await readFully(reader, chunk, position);
    if (read < length) throw new StaleIndexError();
    position += read;
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let lineStart = 0;
    for (;;) {
      const newline = bytes.indexOf(0x0a, lineStart);
      if (newline < 0) break;
      const text = bytes.toString('utf8', lineStart, newline);
      lineStart = newline + 1;
      const parsed = parseLogLine(text);
      if (parsed.ok) {
        if (parsed.envelope.seq > after) page.events.push(parsed.envelope);
      } else if (maxSeq >= after) {
        page.notices.push({
          code: 'log_corrupt',
          line,
          ...(parsed.seq !== undefined ? { seq: parsed.seq } : {}),
          message: runMessages.logCorrupt(line, parsed.reason),
        });
      }
      const seq = parsed.ok ? parsed.envelope.seq : parsed.seq;
      if (seq !== undefined && seq > maxSeq) maxSeq = seq;
      line += 1;
      if (page.events.length >= limit) return page;
    }
    carry = bytes.subarray(lineStart);
    // A line longer than the chunk: read more at once rather than re-concatenating it many times.
    if (carry.length > chunkSize / 2) chunkSize = Math.min(MAX_CHUNK, chunkSize * 2);
  }
  return page;
}

async function readFully(reader: LogReader, buffer: Buffer, position: number): Promise<number> {
  let total = 0;
  while (total < buffer.length) {
    const { bytesRead } = await reader.read(buffer, total, buffer.length - total, position + total);
    if (bytesRead === 0) break;
    total += bytesRead;
  }
  return total;
}

type ParsedLine = { ok: true; envelope: EventEnvelope } | { ok: false; seq: number | undefined; reason: string };

/**
 * One log line as an envelope: JSON, starting with its `{"seq":N,` prefix, a string `type` and
 * `timestamp`, and an object `data`. The reason for a refusal never quotes the line (a notice
 * goes to API clients; what the line holds is not theirs to see through an error).
 */
export function parseLogLine(text: string): ParsedLine {
  const prefix = SEQ_PREFIX.exec(text);
  const seq = prefix ? Number(prefix[1]) : undefined;
  if (seq === undefined) return { ok: false, seq, reason: 'it does not start with {"seq":<n>,' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, seq, reason: 'it is not complete JSON' };
  }
  const v = value as Record<string, unknown>;
  if (v['seq'] !== seq || seq < 1) return { ok: false, seq, reason: 'its seq is not a positive integer' };
  if (typeof v['type'] !== 'string' || v['type'] === '') return { ok: false, seq, reason: 'it has no event type' };
  if (typeof v['timestamp'] !== 'string') return { ok: false, seq, reason: 'it has no timestamp' };
  if (typeof v['data'] !== 'object' || v['data'] === null || Array.isArray(v['data'])) return { ok: false, seq, reason: 'its data is not an object' };
  const envelope = value as EventEnvelope;
  // The line is the envelope's JSON when it has exactly the four keys in the written order, so
  // an SSE replay sends the stored bytes instead of serialising them again.
  const keys = Object.keys(v);
  if (keys.length === 4 && keys[1] === 'type' && keys[2] === 'timestamp' && keys[3] === 'data') rememberEnvelopeJson(envelope, text);
  return { ok: true, envelope };
}
