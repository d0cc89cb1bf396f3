import { ownEntry, putEntry } from '../state/own-keys';
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_VIEW_SETTINGS, ViewSettings } from '@planvas/shared';
import { parseBody } from '../http/body';
import type { WorkflowRoute } from './params';

/** How a user looks at a workflow (direction, dragged positions): planvas state, never plan.json. */
export const viewRoutes: FastifyPluginAsync = async (app) => {
  app.get<WorkflowRoute>('/api/workflows/:id/view', async (request) => {
    const { id } = await app.workspace.locate(request.params.id);
    return ownEntry(app.state.read().views, id) ?? DEFAULT_VIEW_SETTINGS;
  });

  app.put<WorkflowRoute>('/api/workflows/:id/view', async (request) => {
    const view = parseBody(ViewSettings, request.body, 'view settings');
    const { id } = await app.workspace.locate(request.params.id);
    await app.state.update((draft) => {
      putEntry(draft.views, id, view);
    });
    return view;
  });
};
