import type { FastifyPluginAsync } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { ApiError } from '../../http/api-error';
import { acceptsEventStream, openEventStream } from '../../http/sse';
import { runMessages } from '../../runs/messages';
import type { RunRoute } from './run-params';
import { resumePoint, sseFrame, sseFrameText } from './sse';

/** Events per log read while a viewer catches up (each page is read from its offset, see LogIndexCache). */
const REPLAY_PAGE = 2000;
/** Replayed frames go out in chunks of about this size, each once the viewer has room for it. */
const REPLAY_CHUNK_CHARS = 64 * 1024;

/**
 * GET /api/runs/:runId/stream: the run's events as Server-Sent Events, from the durable log and
 * then live, with nothing lost or repeated.
 *
 * A viewer first catches up from the log, page by page, at the pace it reads (it waits for the
 * socket to drain, so a slow or stalled viewer holds at most a fraction of the cut-off limit, and
 * a huge log is never queued whole). It subscribes to the bus BEFORE it reads, but keeps no copy
 * of live events meanwhile: it only notes that some came, and reads the log again until a read
 * comes back empty with nothing new noted; only then does it switch to live sending, in the
 * same tick, so an event committed at any point is either read from the log or sent live, once
 * (by seq). Live, a viewer that falls more than the limit behind is cut off (openEventStream) and
 * resumes with Last-Event-ID. Damaged log lines come as `notice` events (no id), once per line.
 */
export const runStreamRoutes: FastifyPluginAsync = async (app) => {
  const { runs } = app;
  const { viewers } = app.runsOptions;

  app.get<RunRoute & { Querystring: { after?: string } }>('/api/runs/:runId/stream', async (request, reply) => {
    const { runId } = request.params;
    runs.require(runId);
    if (!acceptsEventStream(request.headers.accept)) {
      throw new ApiError(406, 'not_acceptable', runMessages.notAcceptable, [{ path: 'Accept', message: 'must allow text/event-stream' }]);
    }
    const resume = resumePoint(request.headers['last-event-id'], request.query.after);
    if (!resume.ok)
      throw new ApiError(400, 'bad_query', runMessages.badQuery(resume.field, 'must be a non-negative integer'), [
        { path: resume.field, message: 'not a non-negative integer' },
      ]);

    // A log that cannot be read (behind a link out of the root: 409) is refused before the stream opens.
    await runs.eventsPage(runId, resume.after, 0);
    const stream = openEventStream(request, reply, { heartbeatMs: app.runsOptions.heartbeatMs, viewers, group: runId });
    let lastSent = resume.after;
    let live = false;
    let missedLive = false;
    const noticed = new Set<number>();
    const frameOf = function* (envelopes: ReadonlyArray<EventEnvelope>) {
      for (const envelope of envelopes) {
        if (envelope.seq <= lastSent) continue;
        lastSent = envelope.seq;
        yield sseFrame(envelope);
      }
    };
    stream.onClose(
      runs.bus.subscribe(runId, (envelopes) => {
        if (live) stream.writeAll(frameOf(envelopes));
        else missedLive = true;
      }),
    );

    try {
      for (;;) {
        const page = await runs.eventsPage(runId, lastSent, REPLAY_PAGE);
        if (stream.closed) return;
        for (const notice of page.notices) {
          if (noticed.has(notice.line)) continue;
          noticed.add(notice.line);
          stream.send('notice', notice);
        }
        let chunk = '';
        for (const envelope of page.events) {
          if (envelope.seq <= lastSent) continue;
          chunk += sseFrameText(envelope);
          lastSent = envelope.seq;
          if (chunk.length < REPLAY_CHUNK_CHARS) continue;
          if (!(await stream.ready())) return;
          stream.writeFrames(chunk);
          chunk = '';
        }
        if (chunk !== '') {
          if (!(await stream.ready())) return;
          stream.writeFrames(chunk);
        }
        if (page.events.length === 0) {
          if (!missedLive) break;
          missedLive = false;
        }
      }
      live = true;
    } catch (error) {
      request.log.error({ err: error }, 'event stream replay failed');
      stream.close();
    }
  });
};
