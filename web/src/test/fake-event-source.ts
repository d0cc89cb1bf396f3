// Test-only: a double of the browser's EventSource.
import type { EventEnvelope } from '@planvas/shared';
import type { EventSourceLike } from '../api/run-stream';

/** A double of the browser's EventSource: frames are dispatched by event name, as browsers do. */
export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  /** Sends a frame `event: <type>` / `data: <envelope>`. */
  send(envelope: EventEnvelope) {
    const message = new MessageEvent(envelope.type, { data: JSON.stringify(envelope), lastEventId: String(envelope.seq) });
    for (const listener of this.listeners.get(envelope.type) ?? []) listener(message);
  }
  /** Sends a frame that is no event envelope (`event: notice`, no id). */
  sendFrame(type: string, data: unknown) {
    const message = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  static last(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was created');
    return last;
  }
}
