import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * True when an Accept header admits text/event-stream (`text/event-stream`, `text/*` or `*\/*`
 * with q > 0). A request without Accept is not an SSE client and is refused.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) <= 0) return false;
    return range === 'text/event-stream' || range === 'text/*' || range === '*/*';
  });
}

/** Proxies and browsers drop a silent connection after some tens of seconds: never wait longer. */
export const MAX_HEARTBEAT_MS = 15_000;
const DEFAULT_HEARTBEAT_MS = 10_000;

/** The heartbeat interval: the option, else PLANVAS_SSE_HEARTBEAT_MS (tests), else 10 s; at most 15 s. */
export function resolveHeartbeatMs(option?: number): number {
  const fromEnv = Number(process.env['PLANVAS_SSE_HEARTBEAT_MS']);
  const chosen = option !== undefined && option > 0 ? option : fromEnv > 0 ? fromEnv : DEFAULT_HEARTBEAT_MS;
  return Math.min(MAX_HEARTBEAT_MS, chosen);
}

/** A viewer this far behind (bytes queued in the socket) is dropped; EventSource reconnects. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface EventStream {
  /** One `event:` / `data:` frame (data as JSON on one line); ignored once closed. */
  send(event: string, data: unknown, id?: string): void;
  /**
   * Frames already in SSE form (each ending in a blank line), written as one chunk: a route that
   * caches frames shared by many viewers, or batches many events, skips re-serialising them.
   * Ignored once closed; an empty string writes nothing.
   */
  writeFrames(frames: string): void;
  readonly closed: boolean;
  /** Runs once when the stream ends, whoever ended it (client gone, server close, overflow). */
  onClose(listener: () => void): void;
  close(): void;
}

export interface EventStreamOptions {
  heartbeatMs: number;
  /** How long EventSource waits before it reconnects (the `retry:` field). */
  retryMs?: number;
}

/**
 * Turns a request into a Server-Sent Events stream written on the raw socket (hijacked): no
 * compression or buffering (an event must reach the page now), a comment heartbeat so idle
 * connections survive proxies, and one close path for every way a stream can end.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The comment makes the response start at once, so EventSource fires `open` immediately.
  res.write(`retry: ${options.retryMs ?? 1000}\n: connected\n\n`);

  let closed = false;
  const listeners: Array<() => void> = [];
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': heartbeat\n\n');
  }, options.heartbeatMs);

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    res.end();
    for (const listener of listeners.splice(0)) {
      try {
        listener();
      } catch (error) {
        request.log.error({ err: error }, 'event stream close listener failed');
      }
    }
  };
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);

  const writeFrames = (frames: string) => {
    if (closed || frames === '') return;
    res.write(frames);
    if (res.writableLength > MAX_BUFFERED_BYTES) close();
  };

  return {
    send(event, data, id) {
      if (closed) return;
      // JSON.stringify never emits a raw newline, so one data line carries the whole payload.
      writeFrames(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    writeFrames,
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
    close,
  };
}
