import type { EventEnvelope } from '@planvas/shared';
import type { EventBus } from './event-bus';

/** Events per read when live viewers catch up after a wake-up. */
const FEED_PAGE = 2000;

/**
 * This process' live viewers of runs stored in PostgreSQL (team mode): a wake-up names a run and
 * the seqs it committed; for a run someone here follows, the feed reads from the table what they
 * have not had yet and publishes it on the bus, contiguously from the first seq it delivered (a
 * gap, a wake-up still on its way, makes it read rather than skip). One read at a time per run.
 */
export class LiveFeed {
  /** The last seq given to this process' live viewers of each run. */
  private readonly published = new Map<string, number>();
  private readonly feeding = new Map<string, { again: boolean }>();

  constructor(
    private readonly bus: EventBus,
    private readonly read: (runId: string, after: number, limit: number) => Promise<EventEnvelope[]>,
  ) {}

  /** Events `first`..`last` of `runId` were committed (by this process or another). */
  heard(runId: string, first: number, last: number): void {
    if (this.bus.subscriberCount(runId) === 0) {
      this.published.delete(runId);
      return;
    }
    if (!(last <= (this.published.get(runId) ?? 0))) this.feed(runId, first - 1);
  }

  /** After a lost listening connection: every followed run is read again. */
  catchUpAll(): void {
    for (const runId of this.published.keys()) this.feed(runId);
  }

  /** Publishes to this process' viewers the envelopes that follow what they had, in order and once. */
  deliver(runId: string, envelopes: ReadonlyArray<EventEnvelope>): void {
    if (this.bus.subscriberCount(runId) === 0) {
      this.published.delete(runId);
      return;
    }
    const had = this.published.get(runId) ?? envelopes[0]!.seq - 1;
    const fresh = envelopes.filter((e) => e.seq > had);
    if (fresh.length === 0) return;
    if (fresh[0]!.seq !== had + 1) {
      // Something in between has not been delivered yet (a wake-up still on its way): read it first.
      this.published.set(runId, had);
      this.feed(runId);
      return;
    }
    this.published.set(runId, fresh.at(-1)!.seq);
    this.bus.publish(runId, fresh);
  }

  /** Reads what this process' viewers of `runId` have not had yet, page by page, one read at a time per run. */
  private feed(runId: string, from?: number): void {
    const running = this.feeding.get(runId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.feeding.set(runId, state);
    void (async () => {
      try {
        for (;;) {
          state.again = false;
          const after = this.published.get(runId) ?? from ?? 0;
          const events = await this.read(runId, after, FEED_PAGE);
          if (events.length > 0) this.deliver(runId, events);
          if (events.length < FEED_PAGE && !state.again) break;
        }
      } catch {
        // A failed read: the next wake-up (or a viewer's reconnect with Last-Event-ID) catches up.
      } finally {
        this.feeding.delete(runId);
      }
    })();
  }
}
