import type { EventEnvelope } from '@planvas/shared';
import { stringifyEnvelope } from '../../runs/envelope-json';

// Shared with the change streams (GET /api/changes); re-exported so run routes import from one place.
export { acceptsEventStream } from '../../http/sse';

const frames = new WeakMap<EventEnvelope, string>();

/** `id: <seq>` / `event: <type>` / `data: <envelope JSON>`; cached per envelope so many viewers share one string. */
export function sseFrame(envelope: EventEnvelope): string {
  let frame = frames.get(envelope);
  if (frame === undefined) {
    // JSON.stringify never emits a raw newline, and event names are validated, so one data line is exact.
    frame = `id: ${envelope.seq}\nevent: ${envelope.type}\ndata: ${stringifyEnvelope(envelope)}\n\n`;
    frames.set(envelope, frame);
  }
  return frame;
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
