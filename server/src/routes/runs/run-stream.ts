import type { FastifyPluginAsync } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { ApiError } from '../../errors';
import { openEventStream } from '../../http/sse';
import { runMessages } from '../../runs/messages';
import type { RunRoute } from './run-params';
import { acceptsEventStream, resumePoint, sseFrame } from './sse';

/**
 * GET /api/runs/:runId/stream: the run's events as Server-Sent Events, from the durable log and
 * then live, with nothing lost or repeated. The stream subscribes to the bus BEFORE it reads the
 * log, buffers live events while it replays, and sends every event once by seq, so an event
 * committed between the read and the subscription is neither missed nor doubled. The stream itself
 * (headers, heartbeat, dropping a viewer that falls too far behind: it resumes with Last-Event-ID)
 * is openEventStream's.
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

    const stream = openEventStream(request, reply, { heartbeatMs: app.runsOptions.heartbeatMs });
    let lastSent = resume.after;
    let replaying = true;
    const buffered: EventEnvelope[] = [];
    const send = (envelopes: ReadonlyArray<EventEnvelope>) => {
      if (stream.closed) return;
      let chunk = '';
      for (const envelope of envelopes) {
        if (envelope.seq <= lastSent) continue;
        chunk += sseFrame(envelope);
        lastSent = envelope.seq;
      }
      stream.writeFrames(chunk);
    };
    stream.onClose(
      runs.bus.subscribe(runId, (envelopes) => {
        if (replaying) buffered.push(...envelopes);
        else send(envelopes);
      }),
    );

    try {
      // Replay in pages so a huge log never sits in memory twice.
      for (;;) {
        const page = await runs.events(runId, lastSent, 2000);
        if (stream.closed || page.length === 0) break;
        send(page);
      }
      replaying = false;
      send(buffered);
      buffered.length = 0;
    } catch (error) {
      request.log.error({ err: error }, 'event stream replay failed');
      stream.close();
    }
  });
};
