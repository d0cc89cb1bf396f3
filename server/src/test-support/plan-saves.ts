// Test-only: saving a workflow's plan over the API, as the editor does.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { workflowUrl } from './fixture-workspace';

/** PUT `plan` (as JSON) to the workflow's plan, based on the revision `ifMatch` names. */
export function putPlan(app: FastifyInstance, id: string, plan: unknown, ifMatch: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: workflowUrl(id, '/plan'),
    headers: { 'content-type': 'application/json', 'if-match': ifMatch },
    payload: JSON.stringify(plan),
  });
}

/** Reads the workflow's plan, lets `edit` change it, and saves it based on the revision it read. */
export async function editPlan(app: FastifyInstance, id: string, edit: (plan: Record<string, any>) => void): Promise<LightMyRequestResponse> {
  const read = await app.inject({ url: workflowUrl(id, '/plan') });
  const plan = read.json();
  edit(plan);
  return putPlan(app, id, plan, String(read.headers.etag));
}
