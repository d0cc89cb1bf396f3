import { issuesToDetails, type ErrorDetail } from '../errors/error-details';
import { EVENT_SCHEMAS, isKnownEventType, type EventInput, type EventPayloads, type KnownEventType } from './payloads';
import type { EventEnvelope } from './run';

/**
 * Events as they are stored, streamed and read (docs/api.md "Event envelope"): one discriminated union
 * over the known types of EVENT_SCHEMAS, plus the envelope of any other type.
 *
 * Payloads are checked where events come in (ingest, decision-log import, the web's stream and
 * pages); past those edges a known type's payload is trusted to match its schema. Code reads a
 * payload only after narrowing with `isEvent(e, type)` or `knownEvent(e)`, so each field read is
 * typed and an unknown event's payload is never read by guesswork.
 */

/** A stored event of a known type: `data` is that type's payload. */
export type KnownEvent<K extends KnownEventType = KnownEventType> = {
  [T in K]: { seq: number; type: T; timestamp: string; data: EventPayloads[T] };
}[K];

/**
 * What the envelope alone promises of any event: an external runtime's own type (stored as sent,
 * its payload any object), or a known type whose payload failed its schema where it was read.
 * Narrow it before reading `data`.
 */
export type UnknownEvent = EventEnvelope;

/** Every event planvas stores or reads. */
export type PlanvasEvent = KnownEvent | UnknownEvent;

/** An event of an external runtime's own type, before it is stored (ingest only). */
export type UnknownEventInput = { type: string; data: Record<string, unknown> };

/** What ingest stores: known events checked against their schema, any other type as sent. */
export type IngestEvent = EventInput | UnknownEventInput;

/**
 * Envelopes of a known type whose payload failed its schema at an edge that keeps them anyway (the
 * web shows every stored event, and a dropped one would leave a hole in the seqs): they stay in
 * the list but are never narrowed to their type. A WeakSet, so nothing is added to the envelope
 * itself (it is shown and exported as the server sent it).
 */
const unreadable = new WeakSet<object>();

/** True when `event` is of `type` with a payload that may be read as that type's. */
export function isEvent<K extends KnownEventType>(event: PlanvasEvent, type: K): event is KnownEvent<K> {
  return event.type === type && !unreadable.has(event);
}

/** The event as the known-type union (switch on `type` to narrow), or undefined for any other. */
export function knownEvent(event: PlanvasEvent): KnownEvent | undefined {
  return isKnownEventType(event.type) && !unreadable.has(event) ? (event as KnownEvent) : undefined;
}

/** Problems of a payload for its type (none for a type planvas does not know), located under `basePath`. */
export function eventPayloadIssues(type: string, data: unknown, basePath: ReadonlyArray<PropertyKey> = []): ErrorDetail[] {
  if (!isKnownEventType(type)) return [];
  const parsed = EVENT_SCHEMAS[type].safeParse(data);
  return parsed.success ? [] : issuesToDetails(parsed.error.issues, basePath);
}

function isEnvelope(value: unknown): value is EventEnvelope {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { seq, type, timestamp, data } = value as Record<string, unknown>;
  return (
    typeof seq === 'number' &&
    Number.isInteger(seq) &&
    seq > 0 &&
    typeof type === 'string' &&
    type !== '' &&
    typeof timestamp === 'string' &&
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data)
  );
}

/**
 * Reads a stored envelope (the web's edge: stream frames and event pages). Undefined when it is not
 * an envelope at all. A known type's payload is checked against its schema; one that fails is kept
 * (its seq counts, the logs show it raw) but is not narrowed to its type: `isEvent` and
 * `knownEvent` pass it by. The object itself is returned, unchanged.
 */
export function parseEventEnvelope(value: unknown): PlanvasEvent | undefined {
  if (!isEnvelope(value)) return undefined;
  if (isKnownEventType(value.type) && !EVENT_SCHEMAS[value.type].safeParse(value.data).success) unreadable.add(value);
  return value;
}
