import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where a workflow id arrives other than in the `:id` path parameter: `METHOD route` -> where and
 * under which name.
 */
const OTHER_WORKFLOW_ID_FIELDS: ReadonlyMap<string, { in: 'body' | 'query'; name: string }> = new Map([
  ['POST /api/workflows', { in: 'body', name: 'id' }],
  ['POST /api/workflows/:id/duplicate', { in: 'body', name: 'newId' }],
  ['POST /api/workflows/:id/rename', { in: 'body', name: 'newId' }],
  ['POST /api/runs', { in: 'body', name: 'workflowId' }],
  ['GET /api/runs', { in: 'query', name: 'workflow' }],
]);

/**
 * Workflow ids are Unicode NFC. `Café` typed on a Mac or picked from some file dialogs arrives
 * decomposed (`Cafe` + U+0301): a different string naming, on Linux, a different folder. Every id a
 * request carries is normalised before any route sees it, so the folder created, the folder looked
 * up, the id answered, the id on the change streams and in the run index are one spelling.
 * (checkWorkflowId answers NFC too; this makes the id the routes pass around agree with it.)
 */
export const workflowIdNfc = fp(
  async function workflowIdNfc(app: FastifyInstance) {
    // preValidation: after the body is parsed, before any handler reads params, query or body.
    app.addHook('preValidation', async (request) => {
      normaliseField(request.params, 'id');
      const other = OTHER_WORKFLOW_ID_FIELDS.get(`${request.method} ${request.routeOptions.url ?? ''}`);
      if (other) normaliseField(other.in === 'body' ? request.body : request.query, other.name);
    });
  },
  { name: 'planvas-workflow-id-nfc' },
);

function normaliseField(container: unknown, name: string): void {
  if (typeof container !== 'object' || container === null || Array.isArray(container)) return;
  const record = container as Record<string, unknown>;
  const value = record[name];
  if (typeof value === 'string' && Object.hasOwn(record, name)) record[name] = value.normalize('NFC');
}
