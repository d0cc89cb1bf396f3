import type { DuplicatedWorkflow, Problem, RenameWorkflowBody, WorkflowDeletionPreview, WorkflowNewIdBody } from '@planvas/shared';
import { authorizedFetch, withAccessToken } from './access-token';
import { ApiError } from './api-error';
import type { ChangesEventSourceFactory } from './changes-stream';
import { createJsonRequest } from './request';
import type { WorkflowSummary } from './types';
import { workflowApiPath } from './workflow-path';
import { toSummary, type RawSummary } from './workflow-summary';
import { followWorkspaceChanges, type WorkspaceChangeListener } from './workspace-changes';

/** The starting points `POST /api/workflows` offers (server/src/workspace/workflow-templates.ts). */
export type WorkflowTemplate = 'blank' | 'todo_task';

/** `POST /api/workflows`: where the new workflow goes, what it starts from, and its objective. */
export type NewWorkflowBody = { id: string; template: WorkflowTemplate; objective?: string };

/**
 * Whole workflows as the sidebar manages them (docs/api.md "Managing workflows"): create from a
 * template, duplicate, rename (move), delete after a look at what would go, and the workspace's
 * change stream that keeps the sidebar's list live. A client of its own, like the runs API, so it
 * is developed and tested on its own; it shares the tab's client id with the document client, so
 * the open workflow's stream knows a rename or delete made here as this tab's own.
 */
export interface WorkflowsApi {
  readonly clientId: string;
  create(body: NewWorkflowBody): Promise<DuplicatedWorkflow>;
  duplicate(id: string, newId: string): Promise<DuplicatedWorkflow>;
  rename(id: string, newId: string): Promise<{ id: string }>;
  /** What deleting the workflow would remove, with the plan revision the delete must name. */
  deletionPreview(id: string, signal?: AbortSignal): Promise<WorkflowDeletionPreview>;
  /** Deletes the workflow folder if plan.json is still at `planRevision` (412 otherwise). */
  remove(id: string, planRevision: string): Promise<void>;
  /** One workflow's row of the sidebar, read again (after a save or an outside edit). */
  summary(id: string, signal?: AbortSignal): Promise<WorkflowSummary>;
  list(signal?: AbortSignal): Promise<WorkflowSummary[]>;
  /** Follows `GET /api/changes`; returns the function that stops. */
  watchWorkspace(listener: WorkspaceChangeListener): () => void;
}

export type WorkflowsApiOptions = { baseUrl?: string; fetch?: typeof fetch; clientId: string; createEventSource?: ChangesEventSourceFactory };

export function createWorkflowsApi(options: WorkflowsApiOptions): WorkflowsApi {
  const baseUrl = options.baseUrl ?? '';
  const request = createJsonRequest(baseUrl, options.fetch ?? authorizedFetch);
  const { clientId } = options;
  const write = <T>(method: 'POST' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<T>(path, {
      method,
      headers: { 'x-planvas-client': clientId, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const newIdBody = (newId: string): WorkflowNewIdBody & RenameWorkflowBody => ({ newId });

  return {
    clientId,
    create: (body) => write<DuplicatedWorkflow>('POST', '/api/workflows', body),
    duplicate: (id, newId) => write<DuplicatedWorkflow>('POST', `${workflowApiPath(id)}/duplicate`, newIdBody(newId)),
    rename: (id, newId) => write<{ id: string }>('POST', `${workflowApiPath(id)}/rename`, newIdBody(newId)),
    async deletionPreview(id, signal) {
      const body = await request<unknown>(`${workflowApiPath(id)}/deletion`, signal ? { signal } : {});
      if (!isDeletionPreview(body)) throw new ApiError(200, 'bad_response', `GET ${workflowApiPath(id)}/deletion: not a deletion preview`);
      return body;
    },
    async remove(id, planRevision) {
      await write<void>('DELETE', workflowApiPath(id), undefined, { 'if-match': `"${planRevision}"` });
    },
    async summary(id, signal) {
      const body = await request<{ id?: string; title?: string | null; plan?: { steps?: unknown[] } | null; legacy?: boolean; problems?: Problem[] }>(
        workflowApiPath(id),
        signal ? { signal } : {},
      );
      return toSummary({
        id,
        ...(body.title !== undefined ? { title: body.title } : {}),
        stepCount: Array.isArray(body.plan?.steps) ? body.plan.steps.length : 0,
        legacy: body.legacy ?? false,
        problems: body.problems ?? [],
      });
    },
    async list(signal) {
      const body = await request<{ workflows?: unknown }>('/api/workflows', signal ? { signal } : {});
      if (!Array.isArray(body?.workflows)) throw new ApiError(200, 'bad_response', 'GET /api/workflows: no `workflows` list');
      return (body.workflows as RawSummary[]).map(toSummary);
    },
    watchWorkspace: (listener) => followWorkspaceChanges(withAccessToken(`${baseUrl}/api/changes`), listener, options.createEventSource),
  };
}

function isDeletionPreview(body: unknown): body is WorkflowDeletionPreview {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  const counts = ['runs', 'logs', 'learnings', 'otherFiles', 'bytes'].every((key) => typeof b[key] === 'number');
  const files = typeof b.files === 'object' && b.files !== null && typeof (b.files as Record<string, unknown>).plan === 'string';
  return counts && files && typeof b.planRevision === 'string' && Array.isArray(b.activeRuns) && Array.isArray(b.nestedWorkflows);
}
