// Test-only: a double of the browser's fetch answering the workflow management routes from memory
// (docs/api.md "Managing workflows"), with the server's error shapes: what the dialogs read is
// parsed by the real client (api/workflows-api.ts), as in the browser.
import type { WorkflowDeletionPreview } from '@planvas/shared';

export type FakeWorkflow = {
  title?: string;
  steps: number;
  problems?: number;
  planRevision?: string;
  runs?: number;
  logs?: number;
  learnings?: number;
  bytes?: number;
  stepConfig?: boolean;
  /** plan.json is not JSON: listed (with its problem), but `GET /api/workflows/:id` answers 422. */
  unreadable?: boolean;
  /** Runs going: a rename or delete is refused (`409 run_active`). */
  activeRuns?: Array<{ id: string; status: string }>;
};

type Request = { method: string; path: string; body?: Record<string, unknown>; headers: Record<string, string> };

const error = (status: number, code: string, message: string, details: Array<{ path: string; message: string }> = [], extra: object = {}) =>
  json({ statusCode: status, code, message, details, ...extra }, status);
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** Why the server refuses a new workflow path, as workflow-id checks say it (enough of them for the dialogs). */
function pathProblem(id: string): string | null {
  if (id.trim() === '') return 'it is empty';
  if (id.split('/').includes('..')) return 'it contains ".."';
  if (id.startsWith('/')) return 'it is an absolute path';
  return null;
}

export function fakeWorkflowsFetch(initial: Record<string, FakeWorkflow>) {
  const workflows = new Map<string, FakeWorkflow>(Object.entries(initial).map(([id, w]) => [id, { ...w }]));
  const requests: Request[] = [];
  let revisions = 0;
  const revisionOf = (id: string) => {
    const w = workflows.get(id)!;
    w.planRevision ??= `rev-${++revisions}`;
    return w.planRevision;
  };
  const row = (id: string) => {
    const w = workflows.get(id)!;
    return { id, title: w.title ?? id.split('/').pop(), stepCount: w.steps, legacy: false, problems: w.problems ?? 0 };
  };
  const refuseNewPath = (newId: string, field: '$.id' | '$.newId'): Response | null => {
    const problem = pathProblem(newId);
    if (problem) return error(400, 'invalid_workflow_id', `Invalid workflow id "${newId}": ${problem}`, [{ path: field, message: problem }]);
    if (workflows.has(newId)) return error(409, 'workflow_exists', `Workflow "${newId}" already exists`);
    return null;
  };
  const runActive = (id: string, runs: Array<{ id: string; status: string }>) =>
    error(
      409,
      'run_active',
      `Workflow "${id}" has a run going (${runs.map((r) => `${r.id}: ${r.status}`).join(', ')}); wait until it ends or cancel it, then try again`,
      runs.map((r) => ({ path: `runs.${r.id}`, message: r.status })),
      { activeRuns: runs.map((r) => r.id) },
    );

  const fetchDouble = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://planvas.test');
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    requests.push({ method, path: url.pathname, headers, ...(body ? { body } : {}) });
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (parts[0] !== 'api' || parts[1] !== 'workflows') return error(404, 'not_found', 'unknown route');
    if (parts.length === 2) {
      if (method === 'GET') return json({ workflows: [...workflows.keys()].sort().map(row) });
      if (method !== 'POST' || !body) return error(405, 'method_not_allowed', 'no');
      const id = typeof body.id === 'string' ? body.id : '';
      if (typeof body.objective === 'string' && body.objective.length > 200)
        return error(400, 'schema_violation', 'The new workflow does not match the schema; nothing was written', [
          { path: '$.objective', message: 'Too long' },
        ]);
      const refused = refuseNewPath(id, '$.id');
      if (refused) return refused;
      workflows.set(id, { steps: body.template === 'todo_task' ? 1 : 0, stepConfig: true });
      return json({ id, planRevision: revisionOf(id), stepConfigRevision: 'sc' }, 201);
    }
    const id = parts[2]!;
    const workflow = workflows.get(id);
    if (!workflow) return error(404, 'workflow_not_found', `No workflow "${id}" in this workspace`);
    const action = parts[3];
    if (method === 'GET' && action === undefined) {
      if (workflow.unreadable) return error(422, 'unreadable_document', 'plan.json cannot be read as JSON');
      const r = row(id);
      return json({
        id,
        title: r.title,
        plan: { steps: Array.from({ length: r.stepCount }, (_, i) => ({ id: `s${i}` })) },
        legacy: false,
        problems: Array.from({ length: r.problems }, (_, i) => ({ code: 'dangling_next_step', message: `problem ${i}`, severity: 'error' })),
      });
    }
    if (method === 'POST' && (action === 'duplicate' || action === 'rename')) {
      const newId = typeof body?.newId === 'string' ? body.newId : '';
      const refused = refuseNewPath(newId, '$.newId');
      if (refused) return refused;
      if (action === 'rename' && workflow.activeRuns?.length) return runActive(id, workflow.activeRuns);
      if (action === 'rename') workflows.delete(id);
      workflows.set(newId, action === 'rename' ? workflow : { ...workflow, runs: 0, logs: 0, activeRuns: [] });
      return action === 'rename' ? json({ id: newId }) : json({ id: newId, planRevision: revisionOf(newId), stepConfigRevision: 'sc' }, 201);
    }
    if (method === 'GET' && action === 'deletion') {
      const preview: WorkflowDeletionPreview = {
        id,
        files: { plan: 'planning/plan.json', stepConfig: workflow.stepConfig === false ? null : 'planning/step_config.json' },
        runs: workflow.runs ?? 0,
        logs: workflow.logs ?? 0,
        learnings: workflow.learnings ?? 0,
        otherFiles: 0,
        bytes: workflow.bytes ?? 2048,
        planRevision: revisionOf(id),
        activeRuns: (workflow.activeRuns ?? []).map((r) => r.id),
        nestedWorkflows: [],
      };
      return json(preview);
    }
    if (method === 'DELETE' && action === undefined) {
      const ifMatch = headers['if-match'];
      if (ifMatch === undefined) return error(428, 'precondition_required', 'If-Match is required');
      if (ifMatch !== `"${revisionOf(id)}"`)
        return error(412, 'stale_revision', 'plan.json changed', [{ path: 'If-Match', message: 'stale' }], { currentRevision: revisionOf(id) });
      if (workflow.activeRuns?.length) return runActive(id, workflow.activeRuns);
      workflows.delete(id);
      return new Response(null, { status: 204 });
    }
    return error(404, 'not_found', 'unknown route');
  };
  return { fetch: fetchDouble as typeof fetch, requests, workflows };
}
