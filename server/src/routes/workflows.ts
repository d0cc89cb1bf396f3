import { z } from 'zod';
import { writeContextOf } from '../http/client-id';
import type { ZodRoutes } from '../plugins/zod-route-schemas';
import { WORKFLOW_TEMPLATES } from '../workspace/workflow-templates';
import type { WorkflowRoute } from './params';

const CreateWorkflowBody = z.object({
  /** The new workflow's relative path under the workspace root, e.g. `Workflow/MyWorkflow`. */
  id: z.string(),
  template: z.enum(WORKFLOW_TEMPLATES).default('blank'),
  objective: z.string().default(''),
});

export const workflowRoutes: ZodRoutes = async (app) => {
  app.get('/api/workflows', async () => ({ workflows: await app.workspace.list() }));

  app.get<WorkflowRoute>('/api/workflows/:id', async (request) => app.workspace.get(request.params.id));

  app.post('/api/workflows', { schema: { body: CreateWorkflowBody }, config: { bodyName: 'new workflow' } }, async (request, reply) => {
    const body = request.body;
    const created = await app.workspace.create(body.id, body.template, body.objective, writeContextOf(request));
    return reply
      .status(201)
      .header('location', `/api/workflows/${encodeURIComponent(created.id)}`)
      .send(created);
  });
};
