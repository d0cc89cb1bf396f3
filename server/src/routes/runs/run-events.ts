import type { FastifyPluginAsync } from 'fastify';
import { parseIngestBody } from '@planvas/shared';
import { Conflict } from '../../errors/domain-errors';
import { ApiError } from '../../http/api-error';
import { requireBody } from '../../http/body';
import { runMessages } from '../../runs/messages';
import { intQuery, type RunRoute } from './run-params';

export const MAX_EVENTS_PAGE = 50_000;

export const runEventRoutes: FastifyPluginAsync = async (app) => {
  const { runs } = app;

  app.get<RunRoute & { Querystring: { after?: string; limit?: string } }>('/api/runs/:runId/events', async (request) => {
    const { runId } = request.params;
    runs.require(runId);
    const after = intQuery(request.query.after, 'after', 0);
    const limit = intQuery(request.query.limit, 'limit', MAX_EVENTS_PAGE, MAX_EVENTS_PAGE);
    const page = await runs.eventsPage(runId, after, limit);
    // `notices`: damaged log lines skipped in this page's range (log_corrupt), usually none.
    return { events: page.events, lastSeq: page.lastSeq, notices: page.notices };
  });

  /**
   * Ingest for external runtimes: one `{ type, data }` or an array. The batch is validated whole
   * before anything is stored: one bad event refuses all of them (400, path of each problem).
   */
  app.post<RunRoute>('/api/runs/:runId/events', async (request) => {
    const { runId } = request.params;
    const summary = runs.require(runId);
    if (summary.provider !== 'external') throw new Conflict('not_external_run', runMessages.notExternalRun(runId));
    const parsed = parseIngestBody(requireBody(request.body));
    if (!parsed.ok) throw new ApiError(400, 'invalid_events', runMessages.ingestInvalid, parsed.details);
    const stored = await runs.appendIngested(runId, parsed.events);
    return { accepted: stored.length, firstSeq: stored[0]?.seq, lastSeq: stored.at(-1)?.seq };
  });
};
