import type { EventEnvelope } from '@planvas/shared';

/**
 * Puts events that may arrive twice (an SSE replay after a reconnect racing a poll) or out of
 * order (a gap filled by GET /events while the stream goes on) back into one gap-free sequence.
 * Each seq is released exactly once, in order; a later seq waits until every earlier one came.
 */
export class SeqSequencer {
  private last: number;
  private readonly pending = new Map<number, EventEnvelope>();

  constructor(after = 0) {
    this.last = after;
  }

  /** Highest seq released so far: everything from 1 to it has been handed out once. */
  get lastSeq(): number {
    return this.last;
  }

  /** True while some event is held back waiting for an earlier seq. */
  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /** Lowest seq held back, if any: the gap to fill lies between `lastSeq` and it. */
  get firstPending(): number | undefined {
    let min: number | undefined;
    for (const seq of this.pending.keys()) if (min === undefined || seq < min) min = seq;
    return min;
  }

  /** Takes events in any order, with repeats; returns the ones now ready, in seq order. */
  accept(events: Iterable<EventEnvelope>): EventEnvelope[] {
    for (const event of events) {
      if (!Number.isInteger(event.seq) || event.seq <= this.last || this.pending.has(event.seq)) continue;
      this.pending.set(event.seq, event);
    }
    const ready: EventEnvelope[] = [];
    for (let next = this.pending.get(this.last + 1); next; next = this.pending.get(this.last + 1)) {
      this.pending.delete(next.seq);
      this.last = next.seq;
      ready.push(next);
    }
    return ready;
  }
}
