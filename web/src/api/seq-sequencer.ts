import type { EventEnvelope } from '@planvas/shared';

/**
 * Puts events that may arrive twice (an SSE replay after a reconnect racing a poll) or out of
 * order (a gap filled by GET /events while the stream goes on) back into one gap-free sequence.
 * Each seq is released exactly once, in order; a later seq waits until every earlier one came.
 */
export class SeqSequencer {
  private last: number;
  /** Held-back events by seq; `null` marks a seq the server skipped (a damaged log line): passed, nothing to release. */
  private readonly pending = new Map<number, EventEnvelope | null>();

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

  /**
   * Takes events in any order, with repeats, and seqs that will never come (`skipped`); returns the
   * events now ready, in seq order.
   */
  accept(events: Iterable<EventEnvelope>, skipped: Iterable<number> = []): EventEnvelope[] {
    for (const event of events) {
      if (!Number.isInteger(event.seq) || event.seq <= this.last || this.pending.get(event.seq)) continue;
      this.pending.set(event.seq, event);
    }
    for (const seq of skipped) if (Number.isInteger(seq) && seq > this.last && !this.pending.has(seq)) this.pending.set(seq, null);
    const ready: EventEnvelope[] = [];
    while (this.pending.has(this.last + 1)) {
      const next = this.pending.get(this.last + 1)!;
      this.pending.delete(this.last + 1);
      this.last += 1;
      if (next) ready.push(next);
    }
    return ready;
  }
}
