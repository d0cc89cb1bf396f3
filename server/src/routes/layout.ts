import type { FastifyRequest } from 'fastify';
import { LayoutDirection, SavedLayout } from '@planvas/shared';
import { ApiError } from '../http/api-error';
import type { ZodRoutes } from '../plugins/zod-route-schemas';
import { WorkflowParams, type WorkflowRoute } from './params';

const DirectionParams = WorkflowParams.extend({ direction: LayoutDirection });

/** 400 bad_direction for a direction other than LR or TB, before the body is looked at. */
async function knownDirection(request: FastifyRequest): Promise<void> {
  const { direction } = request.params as { direction: string };
  if (!LayoutDirection.safeParse(direction).success) {
    throw new ApiError(400, 'bad_direction', `Unknown layout direction "${direction}"; use LR or TB`, [
      { path: '$.direction', message: 'expected "LR" or "TB"' },
    ]);
  }
}

/**
 * The canvas' automatic layouts, saved so reopening a plan skips ELK (seconds on a big plan). The
 * web app computes them and keys each by its layout input; the server only keeps them.
 */
export const layoutRoutes: ZodRoutes = async (app) => {
  app.get<WorkflowRoute>('/api/workflows/:id/layout', async (request) => {
    const { id } = await app.workspace.locate(request.params.id);
    return app.layoutCache.get(id);
  });

  app.put(
    '/api/workflows/:id/layout/:direction',
    { schema: { params: DirectionParams, body: SavedLayout }, config: { bodyName: 'saved layout' }, preValidation: knownDirection },
    async (request) => {
      const layout = request.body;
      const { id } = await app.workspace.locate(request.params.id);
      await app.layoutCache.put(id, request.params.direction, layout);
      return { key: layout.key };
    },
  );
};
