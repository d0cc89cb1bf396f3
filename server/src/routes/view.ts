import { DEFAULT_VIEW_SETTINGS, ViewSettings } from '@planvas/shared';
import type { ZodRoutes } from '../plugins/zod-route-schemas';
import { ownEntry, putEntry } from '../state/own-keys';
import { WorkflowParams, type WorkflowRoute } from './params';

/** How a user looks at a workflow (direction, dragged positions): planvas state, never plan.json. */
export const viewRoutes: ZodRoutes = async (app) => {
  app.get<WorkflowRoute>('/api/workflows/:id/view', async (request) => {
    const { id } = await app.workspace.locate(request.params.id);
    return ownEntry(app.state.read().views, id) ?? DEFAULT_VIEW_SETTINGS;
  });

  app.put('/api/workflows/:id/view', { schema: { params: WorkflowParams, body: ViewSettings }, config: { bodyName: 'view settings' } }, async (request) => {
    const view = request.body;
    const { id } = await app.workspace.locate(request.params.id);
    await app.state.update((draft) => {
      putEntry(draft.views, id, view);
    });
    return view;
  });
};
