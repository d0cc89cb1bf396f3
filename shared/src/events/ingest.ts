import { z } from 'zod';
import { issuesToDetails, type ErrorDetail } from '../errors/error-details';
import { eventPayloadIssues, type IngestEvent, type UnknownEventInput } from './envelopes';

/** Event names: lower-case words, as the seed system's (`todo_task_route_selected`). */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_.:-]{0,99}$/;

/** Most events one ingest request may carry; larger batches are split by the producer. */
export const MAX_INGEST_BATCH = 5000;

const IngestItem = z.strictObject({
  type: z.string().regex(EVENT_TYPE_PATTERN, 'type must be a lower-case event name such as todo_task_item_created'),
  data: z.record(z.string(), z.unknown()),
});

function hasIngestShape(item: unknown): item is UnknownEventInput {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const record = item as Record<string, unknown>;
  let keys = 0;
  for (const key in record) {
    if (key !== 'type' && key !== 'data') return false;
    keys++;
  }
  const data = record['data'];
  return (
    keys === 2 &&
    typeof record['type'] === 'string' &&
    EVENT_TYPE_PATTERN.test(record['type']) &&
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data)
  );
}

export type IngestParseResult = { ok: true; events: IngestEvent[] } | { ok: false; details: ErrorDetail[] };

/**
 * Validates an ingest body: one `{ type, data }` or an array of them. Known event types must match
 * their payload schema; unknown types are accepted with any object payload, since external
 * runtimes emit many more events than planvas draws. The batch is judged whole: every problem of
 * every event is reported with its path, so the producer can fix them all at once.
 */
export function parseIngestBody(body: unknown): IngestParseResult {
  const single = !Array.isArray(body);
  const items: unknown[] = single ? [body] : (body as unknown[]);
  if (!single && items.length === 0) return { ok: false, details: [{ path: '$', message: 'the batch is empty' }] };
  if (items.length > MAX_INGEST_BATCH) {
    return { ok: false, details: [{ path: '$', message: `a batch holds at most ${MAX_INGEST_BATCH} events, got ${items.length}` }] };
  }
  const details: ErrorDetail[] = [];
  const events: IngestEvent[] = [];
  items.forEach((item, i) => {
    const base: PropertyKey[] = single ? [] : [i];
    // The envelope shape is checked by hand first: it is the hot path of a busy producer, and
    // zod is only needed (for exact messages) when something is wrong.
    if (!hasIngestShape(item)) {
      const shape = IngestItem.safeParse(item);
      if (!shape.success) details.push(...issuesToDetails(shape.error.issues, base));
      return;
    }
    const { type, data } = item;
    const problems = eventPayloadIssues(type, data, [...base, 'data']);
    if (problems.length > 0) {
      details.push(...problems);
      return;
    }
    // The producer's own object is stored, not zod's copy: key order and extra keys stay as sent.
    // A known type's payload has just passed its schema, so it is typed by the union from here.
    events.push({ type, data });
  });
  return details.length > 0 ? { ok: false, details } : { ok: true, events };
}
