import { WorkspaceSettings } from '@planvas/shared';
import type { ZodRoutes } from '../plugins/zod-route-schemas';

/** Workspace-wide settings (the preset and default LLM of the resolution chain). */
export const settingsRoutes: ZodRoutes = async (app) => {
  app.get('/api/settings', async () => app.state.read().settings);

  app.put('/api/settings', { schema: { body: WorkspaceSettings }, config: { bodyName: 'workspace settings' } }, async (request) => {
    const settings = request.body;
    await app.state.update((draft) => {
      draft.settings = settings;
    });
    return settings;
  });
};
