import type { EventEnvelope } from '@planvas/shared';

/**
 * The JSON of each stored event is computed once, when the log line is written, and reused for
 * every SSE viewer, so a busy run with many viewers serialises each event one time.
 */
const envelopeJson = new WeakMap<EventEnvelope, string>();

/** The stored line of an envelope (without newline): `{"seq":..,"type":..,"timestamp":..,"data":..}`. */
export function stringifyEnvelope(envelope: EventEnvelope): string {
  let json = envelopeJson.get(envelope);
  if (json === undefined) {
    json = JSON.stringify({ seq: envelope.seq, type: envelope.type, timestamp: envelope.timestamp, data: envelope.data });
    envelopeJson.set(envelope, json);
  }
  return json;
}

/** Registers the JSON already computed for an envelope (its log line). */
export function rememberEnvelopeJson(envelope: EventEnvelope, json: string): void {
  envelopeJson.set(envelope, json);
}
