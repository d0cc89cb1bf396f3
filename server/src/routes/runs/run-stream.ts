import type { FastifyPluginAsync } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { ApiError } from '../../errors';
import { runMessages } from '../../runs/messages';
import type { RunRoute } from './run-params';
import { acceptsEventStream, resumePoint, sseFrame } from './sse';

/** A viewer this far behind (bytes queued in the socket) is dropped; it resumes with Last-Event-ID. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * GET /api/runs/:runId/stream: the run's events as Server-Sent Events, from the durable log and
 * then live, with nothing lost or repeated. The stream subscribes to the bus BEFORE it reads the
 * log, buffers live events while it replays, and sends every event once by seq, so an event
 * committed between the read and the subscription is neither missed nor doubled. Written on the
 * raw socket (hijacked): no compression, no buffering proxy headers, a comment heartbeat.
 */
export const runStreamRoutes: FastifyPluginAsync = async (app) => {
  const { runs } = app;

  app.get<RunRoute & { Querystring: { after?: string } }>('/api/runs/:runId/stream', async (request, reply) => {
    const { runId } = request.params;
    runs.require(runId);
    if (!acceptsEventStream(request.headers.accept)) {
      throw new ApiError(406, 'not_acceptable', runMessages.notAcceptable, [{ path: 'Accept', message: 'must allow text/event-stream' }]);
    }
    const resume = resumePoint(request.headers['last-event-id'], request.query.after);
    if (!resume.ok) throw new ApiError(400, 'bad_query', runMessages.badQuery(resume.field, 'must be a non-negative integer'), [{ path: resume.field, message: 'not a non-negative integer' }]);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // Tells EventSource how long to wait before reconnecting, and opens the stream at once.
    res.write('retry: 1000\n: connected\n\n');

    let lastSent = resume.after;
    let replaying = true;
    const buffered: EventEnvelope[] = [];
    let closed = false;
    const send = (envelopes: ReadonlyArray<EventEnvelope>) => {
      if (closed) return;
      let chunk = '';
      for (const envelope of envelopes) {
        if (envelope.seq <= lastSent) continue;
        chunk += sseFrame(envelope);
        lastSent = envelope.seq;
      }
      if (chunk === '') return;
      res.write(chunk);
      if (res.writableLength > MAX_BUFFERED_BYTES) close();
    };
    const unsubscribe = runs.bus.subscribe(runId, (envelopes) => {
      if (replaying) buffered.push(...envelopes);
      else send(envelopes);
    });
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': heartbeat\n\n');
    }, app.runsOptions.heartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    request.raw.on('close', close);
    res.on('close', close);
    res.on('error', close);

    try {
      // Replay in pages so a huge log never sits in memory twice.
      for (;;) {
        const page = await runs.events(runId, lastSent, 2000);
        if (closed || page.length === 0) break;
        send(page);
      }
      replaying = false;
      send(buffered);
      buffered.length = 0;
    } catch (error) {
      request.log.error({ err: error }, 'event stream replay failed');
      close();
    }
  });
};
