import type { FastifyPluginAsync } from 'fastify';
import { WorkspaceSettings } from '@planvas/shared';
import { parseBody } from '../http/body';

/** Workspace-wide settings (the preset and default LLM of the resolution chain). */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/settings', async () => app.state.read().settings);

  app.put('/api/settings', async (request) => {
    const settings = parseBody(WorkspaceSettings, request.body, 'workspace settings');
    await app.state.update((draft) => {
      draft.settings = settings;
    });
    return settings;
  });
};
