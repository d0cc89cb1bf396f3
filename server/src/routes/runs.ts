import type { FastifyPluginAsync } from 'fastify';
import { runsPlugin, type RunsOptions } from '../runs/runs-plugin';
import { runEventRoutes } from './runs/run-events';
import { runLifecycleRoutes } from './runs/run-lifecycle';
import { runStreamRoutes } from './runs/run-stream';
import { learnCodeRoutes } from './runs/learn-code-callback';

/**
 * Runs: start / list / cancel / answer / objective / branch / import, the event log and its SSE
 * stream, ingest for external runtimes, and the learn_code callback (README.md "Runs").
 */
export const runRoutes: FastifyPluginAsync<RunsOptions> = async (app, options) => {
  await app.register(runsPlugin, options ?? {});
  await app.register(runLifecycleRoutes);
  await app.register(runEventRoutes);
  await app.register(runStreamRoutes);
  await app.register(learnCodeRoutes);
};

export type { RunsOptions };
