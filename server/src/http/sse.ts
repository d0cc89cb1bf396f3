import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SSE_LIMITS, type ViewerRegistry } from './sse-viewers';

/**
 * True when an Accept header admits text/event-stream (`text/event-stream`, `text/*` or `*\/*`
 * with q > 0). A request without Accept is not an SSE client and is refused.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
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

export interface EventStream {
  /** One `event:` / `data:` frame (data as JSON on one line); ignored once closed. */
  send(event: string, data: unknown, id?: string): void;
  /**
   * Frames already in SSE form (each ending in a blank line), written as one chunk: a route that
   * caches frames shared by many viewers, or batches many events, skips re-serialising them.
   * Ignored once closed; an empty string writes nothing.
   */
  writeFrames(frames: string | Buffer): void;
  /**
   * Writes several frames as one batch (one system call), stopping when the viewer is cut off;
   * answers false when the stream is closed (now or before).
   */
  writeAll(frames: Iterable<string | Buffer>): boolean;
  /**
   * Resolves true once the viewer has taken most of what is queued for it (at once when little
   * is), false when the stream has closed: a replay waits on it between frames, so it sends as
   * fast as the viewer reads and never queues more than a fraction of the limit.
   */
  ready(): Promise<boolean>;
  readonly closed: boolean;
  /** Runs once when the stream ends, whoever ended it (client gone, server close, overflow). */
  onClose(listener: () => void): void;
  close(): void;
}

export interface EventStreamOptions {
  heartbeatMs: number;
  /** How long EventSource waits before it reconnects (the `retry:` field). */
  retryMs?: number;
  /** The viewers of this server (admission, caps, cut-off limit); none: no cap, default limit. */
  viewers?: ViewerRegistry;
  /** The group the viewer counts in (a run id), for the per-run cap. */
  group?: string;
}

/**
 * Turns a request into a Server-Sent Events stream written on the raw socket (hijacked): no
 * compression or buffering (an event must reach the page now), a comment heartbeat so idle
 * connections survive proxies, and one close path for every way a stream can end.
 *
 * Memory stays bounded whatever a viewer does: a viewer with more than `maxBehindBytes` queued
 * (bytes it has not taken) when a frame is due is cut off: the socket is reset and destroyed,
 * which frees what was queued for it at once (ending the response would keep it queued until
 * the viewer read it, possibly never). EventSource then reconnects with Last-Event-ID and is
 * replayed from the log at its own pace. Admission is checked before anything is written: past
 * the caps the request gets 503 `too_many_viewers` in the one error shape.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions): EventStream {
  const ticket = options.viewers?.admit(options.group);
  const maxBehind = options.viewers?.limits.maxBehindBytes ?? DEFAULT_SSE_LIMITS.maxBehindBytes;
  reply.hijack();
  const res = reply.raw;
  const socket = res.socket;
  // A replay waits below a quarter of the limit, so a live burst right after it still has room;
  // never below the socket's own high-water mark, past which the socket announces 'drain'.
  const replayMark = Math.max(socket?.writableHighWaterMark ?? 16 * 1024, Math.floor(maxBehind / 4));
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The comment makes the response start at once, so EventSource fires `open` immediately.
  res.write(`retry: ${options.retryMs ?? 1000}\n: connected\n\n`);
  ticket?.measure(() => res.writableLength);

  let closed = false;
  const listeners: Array<() => void> = [];
  const drainWaiters: Array<(open: boolean) => void> = [];

  const wakeIfRoom = () => {
    if (closed || res.writableLength <= replayMark) for (const wake of drainWaiters.splice(0)) wake(!closed);
  };
  const finish = () => {
    clearInterval(heartbeat);
    socket?.off('drain', wakeIfRoom);
    ticket?.release();
    for (const wake of drainWaiters.splice(0)) wake(false);
    for (const listener of listeners.splice(0)) {
      try {
        listener();
      } catch (error) {
        request.log.error({ err: error }, 'event stream close listener failed');
      }
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    res.end();
    finish();
  };
  /** A viewer too far behind: reset the connection so everything queued for it is freed now. */
  const cutOff = () => {
    if (closed) return;
    closed = true;
    options.viewers?.noteCutOff();
    if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket?.destroy();
    res.destroy();
    finish();
  };

  /** Writes one chunk unless the viewer is already too far behind (then it is cut off). */
  const write = (chunk: string | Buffer): boolean => {
    if (closed) return false;
    if (res.writableLength > maxBehind) {
      cutOff();
      return false;
    }
    res.write(chunk);
    return true;
  };
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    wakeIfRoom();
  }, options.heartbeatMs);

  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
  socket?.on('drain', wakeIfRoom);

  const writeFrames = (frames: string | Buffer) => {
    if (frames.length === 0) return;
    write(frames);
  };

  return {
    send(event, data, id) {
      if (closed) return;
      // JSON.stringify never emits a raw newline, so one data line carries the whole payload.
      writeFrames(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    writeFrames,
    writeAll(frames) {
      if (closed) return false;
      res.cork();
      try {
        for (const frame of frames) if (frame.length > 0 && !write(frame)) break;
      } finally {
        if (!closed) res.uncork();
      }
      return !closed;
    },
    ready() {
      if (closed) return Promise.resolve(false);
      if (res.writableLength <= replayMark) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => drainWaiters.push(resolve));
    },
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
