import type { FastifyPluginAsync } from 'fastify';
import { LayoutDirection, SavedLayout } from '@planvas/shared';
import { ApiError } from '../errors';
import { parseBody } from '../http/body';
import type { WorkflowRoute } from './params';

type DirectionRoute = { Params: WorkflowRoute['Params'] & { direction: string } };

/**
 * The canvas' automatic layouts, saved so reopening a plan skips ELK (seconds on a big plan). The
 * web app computes them and keys each by its layout input; the server only keeps them.
 */
export const layoutRoutes: FastifyPluginAsync = async (app) => {
  app.get<WorkflowRoute>('/api/workflows/:id/layout', async (request) => {
    const { id } = await app.workspace.locate(request.params.id);
    return app.layoutCache.get(id);
  });

  app.put<DirectionRoute>('/api/workflows/:id/layout/:direction', async (request) => {
    const direction = LayoutDirection.safeParse(request.params.direction);
    if (!direction.success) {
      throw new ApiError(400, 'bad_direction', `Unknown layout direction "${request.params.direction}"; use LR or TB`, [
        { path: '$.direction', message: 'expected "LR" or "TB"' },
      ]);
    }
    const layout = parseBody(SavedLayout, request.body, 'saved layout');
    const { id } = await app.workspace.locate(request.params.id);
    await app.layoutCache.put(id, direction.data, layout);
    return { key: layout.key };
  });
};
