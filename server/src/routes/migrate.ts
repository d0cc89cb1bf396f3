import type { FastifyPluginAsync } from 'fastify';
import { queryFlag } from '../http/body';
import { writeContextOf } from '../http/client-id';
import type { WorkflowRoute } from './params';

/** The migration of docs/formats.md "Migrating old plans" as one request; `?dryRun=1` lists the changes and writes nothing. */
export const migrateRoutes: FastifyPluginAsync = async (app) => {
  app.post<WorkflowRoute & { Querystring: { dryRun?: string } }>('/api/workflows/:id/migrate', async (request) =>
    app.workspace.migrate(request.params.id, queryFlag(request.query.dryRun), writeContextOf(request)),
  );
};
