import type { FastifyPluginAsync } from 'fastify';
import { UsageSummary, WorkspaceSettings, type EventEnvelope } from '@planvas/shared';
import type { RunRoute } from './run-params';

/** Events read per page (the events route's largest): 20 pages of 5,000 took 2.3x as long on a 100,000-event run (bench/usage.bench.ts). */
const USAGE_PAGE = 50_000;

/**
 * `GET /api/runs/:runId/usage`: the run's token usage from its `llm_usage` events, in total and by
 * step, iteration, todo, route and model, priced with the workspace settings' `pricing` as they
 * are now (docs/api.md "Usage and cost").
 */
export const runUsageRoutes: FastifyPluginAsync = async (app) => {
  const { runs } = app;
  app.get<RunRoute>('/api/runs/:runId/usage', async (request) => {
    const { runId } = request.params;
    runs.require(runId);
    // Read back as the schema says: a state file edited by hand must not break the answer.
    const pricing = WorkspaceSettings.shape.pricing.safeParse(app.state.read().settings.pricing);
    const summary = new UsageSummary((pricing.success ? pricing.data : undefined) ?? []);
    for (let after = 0; ;) {
      const page: EventEnvelope[] = (await runs.eventsPage(runId, after, USAGE_PAGE)).events;
      if (page.length === 0) break;
      summary.addEvents(page);
      after = page.at(-1)!.seq;
    }
    return summary.result();
  });
};
