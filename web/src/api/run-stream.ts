import type { EventsPage } from './runs-api';
import { KNOWN_EVENT_TYPES, RunStatusChanged, isEvent, isFinalRunStatus, parseEventEnvelope, type PlanvasEvent } from '@planvas/shared';
import { SeqSequencer } from './seq-sequencer';
import { withAccessToken } from './access-token';
import { onReconnected, reportConnection } from './connection-signals';

/**
 * Follows one run's events: one EventSource on `GET /api/runs/:id/stream?after=<last seq>`, with
 * every gap filled from `GET /api/runs/:id/events?after=` so the page shows each event exactly once
 * and misses none.
 *
 * - After a drop it opens a new EventSource itself with `?after=<last seq>` (instead of leaning on
 *   the browser's own retry with Last-Event-ID): the browser gives up for good on some failures
 *   (a 5xx while the server restarts), and an explicit resume point works the same on both paths.
 * - The server names each SSE frame after its event type (`event: todo_task_item_created`), and an
 *   EventSource only reports names it listens for. Known types are listened for; a frame of a type
 *   planvas does not know (an external runtime's own) shows up as a hole in the seqs, which is
 *   filled from GET /events. So unknown events are fetched, never lost.
 * - After `maxSseFailures` connections in a row that brought nothing, it polls GET /events instead
 *   (proxies that buffer or cut event streams), and tries SSE again every `sseRetryMs`.
 * - Once the run's final `run_status` has been delivered (and a last fetch picked up anything
 *   after it), the stream ends by itself.
 */

/** The part of the browser's EventSource used here, so tests can inject a double of it. */
export interface EventSourceLike {
  onopen: ((event: Event) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'polling' | 'ended' | 'closed';

export interface RunStreamOptions {
  runId: string;
  /** Highest seq the caller already holds (0: follow from the first event). */
  after?: number;
  baseUrl?: string;
  /** New events, in seq order, each exactly once. */
  onEvents(events: PlanvasEvent[]): void;
  onState?(state: StreamState): void;
  /** One page of stored events after a seq (GET /api/runs/:id/events). */
  fetchEvents(runId: string, after: number, signal: AbortSignal): Promise<EventsPage>;
  createEventSource?: EventSourceFactory;
  /** SSE event names to listen for besides `message`. */
  eventTypes?: readonly string[];
  maxSseFailures?: number;
  /** Wait before reconnect attempt n (1-based count of failures so far, 0 after a healthy drop). */
  reconnectDelayMs?: (failures: number) => number;
  pollIntervalMs?: number;
  sseRetryMs?: number;
  /** Events arriving within this window are handed over together (one store update, one render). 0 = at once. */
  flushDelayMs?: number;
}

export interface RunStream {
  readonly runId: string;
  readonly lastSeq: number;
  readonly state: StreamState;
  close(): void;
}

const DEFAULT_DELAYS = [250, 1000, 2000, 4000];

function defaultEventSourceFactory(url: string): EventSourceLike {
  return new EventSource(withAccessToken(url));
}

/**
 * A frame's data as an envelope, or undefined when it is not one (heartbeats never get here). The
 * web's edge for streamed events: a known type's payload is checked against its schema here
 * (@planvas/shared `parseEventEnvelope`), so the rest of the app reads payloads typed.
 */
export function parseEnvelope(data: unknown): PlanvasEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    return parseEventEnvelope(JSON.parse(data));
  } catch {
    return undefined;
  }
}

/** The seq a `notice` frame names (a skipped log line), if it names one. */
function noticeSeq(data: unknown): number | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const seq = (JSON.parse(data) as { seq?: unknown }).seq;
    return Number.isInteger(seq) ? (seq as number) : undefined;
  } catch {
    return undefined;
  }
}

/** The status part of run_status alone: the payload check at the edge is all or nothing. */
const RunStatusOnly = RunStatusChanged.pick({ status: true });

/**
 * True for the run's final `run_status`. Its status alone decides, so a final status whose other
 * fields failed their schema still ends the stream instead of leaving it polling an ended run.
 */
export function isRunEnd(event: PlanvasEvent): boolean {
  if (event.type !== 'run_status') return false;
  if (isEvent(event, 'run_status')) return isFinalRunStatus(event.data.status);
  const parsed = RunStatusOnly.safeParse(event.data);
  return parsed.success && isFinalRunStatus(parsed.data.status);
}

export function followRun(options: RunStreamOptions): RunStream {
  const {
    runId,
    baseUrl = '',
    onEvents,
    onState,
    fetchEvents,
    createEventSource = defaultEventSourceFactory,
    eventTypes = KNOWN_EVENT_TYPES,
    maxSseFailures = 3,
    reconnectDelayMs = (n) => DEFAULT_DELAYS[Math.min(n, DEFAULT_DELAYS.length - 1)] ?? 1000,
    pollIntervalMs = 1000,
    sseRetryMs = 15_000,
    flushDelayMs = 16,
  } = options;

  const sequencer = new SeqSequencer(options.after ?? 0);
  const abort = new AbortController();
  let state: StreamState = 'connecting';
  let source: EventSourceLike | null = null;
  let failures = 0;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sseRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let outbox: PlanvasEvent[] = [];
  let endSeen = false;
  let catchingUp = false;
  let catchUpAgain = false;

  const stopped = () => state === 'closed' || state === 'ended';
  const setState = (next: StreamState) => {
    if (state === next) return;
    state = next;
    onState?.(next);
  };

  const flush = () => {
    flushTimer = undefined;
    if (outbox.length === 0) return;
    const batch = outbox;
    outbox = [];
    onEvents(batch);
  };

  /** Feeds events from either path; returns true when the run's end was among those released. */
  const take = (events: PlanvasEvent[], skippedSeqs: readonly number[] = []) => {
    const ready = sequencer.accept(events, skippedSeqs);
    if (ready.length === 0) return;
    if (ready.some(isRunEnd)) endSeen = true;
    outbox.push(...ready);
    if (flushDelayMs <= 0) flush();
    else flushTimer ??= setTimeout(flush, flushDelayMs);
  };

  const finish = () => {
    stopNudges();
    closeSource();
    clearTimeout(timer);
    clearTimeout(sseRetryTimer);
    flush();
    clearTimeout(flushTimer);
    setState('ended');
  };

  /** Fetches every stored event after the last one released, page by page. */
  const fetchAll = async () => {
    for (;;) {
      const page = await fetchEvents(runId, sequencer.lastSeq, abort.signal);
      if (stopped()) return;
      const before = sequencer.lastSeq;
      take(page.events, page.skippedSeqs);
      // An empty page, or one that moved nothing forward, means we are up to date.
      if (page.events.length === 0 || sequencer.lastSeq === before) return;
    }
  };

  /** Fills a hole in the stream; single-flight, re-run once if asked again meanwhile. */
  const catchUp = async () => {
    if (catchingUp) {
      catchUpAgain = true;
      return;
    }
    catchingUp = true;
    try {
      do {
        catchUpAgain = false;
        await fetchAll();
      } while (catchUpAgain && !stopped());
    } catch {
      // The stream (or the poll loop) will try again; nothing is marked as seen that was not delivered.
    } finally {
      catchingUp = false;
    }
    if (endSeen && !stopped()) finish();
  };

  const closeSource = () => {
    if (!source) return;
    source.onopen = null;
    source.onerror = null;
    source.close();
    source = null;
  };

  const connect = () => {
    if (stopped()) return;
    clearTimeout(timer);
    if (attempts++ > 0) setState('reconnecting');
    let received = false;
    let es: EventSourceLike;
    try {
      es = createEventSource(`${baseUrl}/api/runs/${encodeURIComponent(runId)}/stream?after=${sequencer.lastSeq}`);
    } catch {
      startPolling();
      return;
    }
    source = es;
    const onMessage = (message: MessageEvent) => {
      if (source !== es || stopped()) return;
      const envelope = parseEnvelope(message.data);
      if (!envelope) return;
      if (!received) {
        received = true;
        failures = 0;
      }
      take([envelope]);
      if (sequencer.hasGap) void catchUp();
      else if (endSeen) void catchUp();
    };
    for (const type of new Set(['message', ...eventTypes])) es.addEventListener(type, onMessage);
    // A damaged log line the server skipped (docs/api.md "Runs"): its seq, when readable, is passed.
    es.addEventListener('notice', (message: MessageEvent) => {
      if (source !== es || stopped()) return;
      const seq = noticeSeq(message.data);
      if (seq === undefined) return;
      take([], [seq]);
      if (sequencer.hasGap || endSeen) void catchUp();
    });
    es.onopen = () => {
      if (source !== es) return;
      reportConnection('reached');
      setState('live');
    };
    es.onerror = () => {
      if (source !== es) return;
      reportConnection('lost');
      closeSource();
      if (stopped()) return;
      if (!received) failures++;
      if (failures >= maxSseFailures) {
        startPolling();
        return;
      }
      setState('reconnecting');
      timer = setTimeout(connect, reconnectDelayMs(failures));
    };
  };

  const poll = async () => {
    if (stopped() || state !== 'polling') return;
    try {
      await fetchAll();
    } catch {
      // offline or the server is restarting: the next poll tries again
    }
    if (stopped()) return;
    if (endSeen) {
      finish();
      return;
    }
    if (state === 'polling') timer = setTimeout(() => void poll(), pollIntervalMs);
  };

  const startPolling = () => {
    closeSource();
    setState('polling');
    clearTimeout(sseRetryTimer);
    sseRetryTimer = setTimeout(() => {
      if (state !== 'polling') return;
      clearTimeout(timer);
      // One more failed connection sends it straight back to polling.
      failures = Math.max(0, maxSseFailures - 1);
      setState('reconnecting');
      connect();
    }, sseRetryMs);
    void poll();
  };

  // The server is back (the connection indicator checked): no need to sit out the back-off.
  const stopNudges = onReconnected(() => {
    if (state === 'reconnecting' && source === null) connect();
    else if (state === 'polling') {
      clearTimeout(timer);
      void poll();
    }
  });

  onState?.('connecting');
  connect();

  return {
    runId,
    get lastSeq() {
      return sequencer.lastSeq;
    },
    get state() {
      return state;
    },
    close() {
      if (stopped()) return;
      stopNudges();
      closeSource();
      clearTimeout(timer);
      clearTimeout(sseRetryTimer);
      clearTimeout(flushTimer);
      flushTimer = undefined;
      outbox = [];
      abort.abort();
      setState('closed');
    },
  };
}
