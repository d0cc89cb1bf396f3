import { DuplicateWorkflowBody, RenameWorkflowBody } from '@planvas/shared';
import { writeContextOf } from '../http/client-id';
import { requirePrecondition } from '../http/if-match';
import type { ZodRoutes } from '../plugins/zod-route-schemas';
import { WorkflowParams, type WorkflowRoute } from './params';

const workflowLocation = (id: string) => `/api/workflows/${encodeURIComponent(id)}`;

/**
 * Whole workflows as a sidebar manages them: duplicate, rename (move), and delete after a look at
 * what would go. The work and every refusal are in runs/workflow-management.ts; these routes
 * only read the request and shape the answer. The runs plugin must be registered before them.
 */
export const workflowManagementRoutes: ZodRoutes = async (app) => {
  app.post(
    '/api/workflows/:id/duplicate',
    { schema: { params: WorkflowParams, body: DuplicateWorkflowBody }, config: { bodyName: 'duplicate request' } },
    async (request, reply) => {
      const created = await app.workflowManagement.duplicate(request.params.id, request.body.newId, writeContextOf(request));
      return reply.status(201).header('location', workflowLocation(created.id)).send(created);
    },
  );

  app.post(
    '/api/workflows/:id/rename',
    { schema: { params: WorkflowParams, body: RenameWorkflowBody }, config: { bodyName: 'rename request' } },
    async (request, reply) => {
      const renamed = await app.workflowManagement.rename(request.params.id, request.body.newId, writeContextOf(request));
      return reply.header('location', workflowLocation(renamed.id)).send(renamed);
    },
  );

  app.get<WorkflowRoute>('/api/workflows/:id/deletion', async (request) => app.workflowManagement.deletionPreview(request.params.id));

  app.delete<WorkflowRoute>('/api/workflows/:id', async (request, reply) => {
    const precondition = requirePrecondition(request.headers['if-match']);
    const context = writeContextOf(request);
    const { leftover } = await app.workflowManagement.delete(request.params.id, precondition, context);
    // The workflow is gone either way; a folder its removal could not finish stays under a hidden name.
    if (leftover !== undefined) request.log.warn({ folder: leftover }, 'a deleted workflow could not be removed from disk completely');
    return reply.status(204).send();
  });
};
