import type { EventEnvelope } from '@planvas/shared';
import { stringifyEnvelope } from '../../runs/envelope-json';

const frames = new WeakMap<EventEnvelope, Buffer>();

/**
 * `id: <seq>` / `event: <type>` / `data: <envelope JSON>`, encoded once per envelope: every live
 * viewer writes the same bytes, and a socket keeps a reference to a Buffer rather than a copy, so
 * a hundred viewers of a busy run hold one copy of each frame, not a hundred.
 */
export function sseFrame(envelope: EventEnvelope): Buffer {
  let frame = frames.get(envelope);
  if (frame === undefined) {
    frame = Buffer.from(sseFrameText(envelope));
    frames.set(envelope, frame);
  }
  return frame;
}

/** The same frame as text, not cached: for a replay, whose envelopes only one viewer ever sees. */
export function sseFrameText(envelope: EventEnvelope): string {
  // JSON.stringify never emits a raw newline, and event names are validated, so one data line is exact.
  return `id: ${envelope.seq}\nevent: ${envelope.type}\ndata: ${stringifyEnvelope(envelope)}\n\n`;
}

/** The sequence number to resume after: Last-Event-ID (a reconnect) wins over ?after= (a first connect). */
export function resumePoint(lastEventId: string | string[] | undefined, after: unknown): { ok: true; after: number } | { ok: false; field: string } {
  const header = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  if (header !== undefined && header.trim() !== '') {
    return /^\d+$/.test(header.trim()) ? { ok: true, after: Number(header.trim()) } : { ok: false, field: 'Last-Event-ID' };
  }
  if (after === undefined || after === '') return { ok: true, after: 0 };
  return /^\d+$/.test(String(after)) ? { ok: true, after: Number(after) } : { ok: false, field: 'after' };
}
