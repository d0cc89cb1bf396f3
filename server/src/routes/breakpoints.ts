import { Breakpoints } from '@planvas/shared';
import { z } from 'zod';
import type { ZodRoutes } from '../plugins/zod-route-schemas';
import { ownEntry, putEntry } from '../state/own-keys';
import { WorkflowParams, type WorkflowRoute } from './params';

const BreakpointsBody = z.strictObject({ breakpoints: Breakpoints });

/**
 * A workflow's saved breakpoints (docs/api.md "Breakpoints and step mode"): planvas state, never
 * plan.json. Every run planvas starts of the workflow pauses at them, with those its request adds.
 */
export const breakpointRoutes: ZodRoutes = async (app) => {
  app.get<WorkflowRoute>('/api/workflows/:id/breakpoints', async (request) => {
    const { id } = await app.workspace.locate(request.params.id);
    return { breakpoints: ownEntry(app.state.read().breakpoints, id) ?? [] };
  });

  app.put(
    '/api/workflows/:id/breakpoints',
    { schema: { params: WorkflowParams, body: BreakpointsBody }, config: { bodyName: 'breakpoints' } },
    async (request) => {
      const { breakpoints } = request.body;
      const { id } = await app.workspace.locate(request.params.id);
      await app.state.update((draft) => {
        if (breakpoints.length > 0) putEntry(draft.breakpoints, id, breakpoints);
        else delete draft.breakpoints[id];
      });
      return { breakpoints };
    },
  );
};
