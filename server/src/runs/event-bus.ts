import type { EventEnvelope } from '@planvas/shared';

export type EventListener = (envelopes: ReadonlyArray<EventEnvelope>) => void;

/**
 * In-process fan-out of committed events to live viewers, per run. Listeners are called
 * synchronously in commit order; a listener that throws is dropped so one broken stream cannot
 * stop the others.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<EventListener>>();

  subscribe(runId: string, listener: EventListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(runId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(runId);
    };
  }

  publish(runId: string, envelopes: ReadonlyArray<EventEnvelope>): void {
    const set = this.listeners.get(runId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(envelopes);
      } catch {
        set.delete(listener);
      }
    }
  }

  subscriberCount(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }
}
