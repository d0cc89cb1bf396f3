import type { FastifyPluginAsync } from 'fastify';
import { learnCodeRoutes } from './learn-code-callback';
import { runEventRoutes } from './run-events';
import { runLifecycleRoutes } from './run-lifecycle';
import { runStreamRoutes } from './run-stream';
import { runUsageRoutes } from './run-usage';

/**
 * Runs: start / list / cancel / answer / objective / branch / import, the event log and its SSE
 * stream, token usage and cost, ingest for external runtimes, and the learn_code callback (docs/api.md "Runs"), over the
 * run store and engine of plugins/runs.ts.
 */
export const runRoutes: FastifyPluginAsync = async (app) => {
  // Team mode: another instance may have started or changed the run a moment ago; this process
  // reads its row before the route looks at it (the embedded store has every row already).
  app.addHook('preHandler', async (request) => {
    const runId = (request.params as { runId?: unknown } | undefined)?.runId;
    if (typeof runId === 'string') await app.runs.load(runId);
  });
  await app.register(runLifecycleRoutes);
  await app.register(runEventRoutes);
  await app.register(runStreamRoutes);
  await app.register(runUsageRoutes);
  await app.register(learnCodeRoutes);
};
