import { isSavedLayouts, ViewSettings, type LayoutDirection, type SavedLayout, type SavedLayouts } from '@planvas/shared';
import { ApiError } from './api-error';
import { createJsonRequest } from './request';
import { workflowApiPath, workflowLayoutsPath, workflowViewPath } from './workflow-path';
import { createAuthoringApi, type AuthoringApi } from './authoring-api';
import type { ChangesEventSourceFactory } from './changes-stream';
import type { WorkflowDocument, WorkflowSummary } from './types';
import { toSummary, type RawSummary } from './workflow-summary';
import { authorizedFetch } from './access-token';

/** The whole API the app uses: reading workflows and view settings, and the writing half (authoring-api.ts). */
export interface PlanvasApi extends AuthoringApi {
  listWorkflows(signal?: AbortSignal): Promise<WorkflowSummary[]>;
  getWorkflow(id: string, signal?: AbortSignal): Promise<WorkflowDocument>;
  getView(id: string, signal?: AbortSignal): Promise<ViewSettings>;
  saveView(id: string, view: ViewSettings, options?: { keepalive?: boolean }): Promise<void>;
  /** The automatic layouts saved for the workflow, per direction (a cache: see SavedLayout). */
  getLayouts(id: string, signal?: AbortSignal): Promise<SavedLayouts>;
  saveLayout(id: string, direction: LayoutDirection, layout: SavedLayout): Promise<void>;
}

export type ApiClientOptions = {
  /** Origin (and path prefix) of the API; empty means same origin, as served by the planvas server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** This tab's id, sent with every write (`X-Planvas-Client`); random by default. */
  clientId?: string;
  createEventSource?: ChangesEventSourceFactory;
};

export function createApiClient(options: ApiClientOptions = {}): PlanvasApi {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? authorizedFetch;

  const request = createJsonRequest(baseUrl, doFetch);

  return {
    ...createAuthoringApi(options),
    async listWorkflows(signal) {
      const body = await request<{ workflows: RawSummary[] }>('/api/workflows', { signal });
      if (!Array.isArray(body?.workflows)) throw new ApiError(200, 'bad_response', 'GET /api/workflows: no `workflows` list');
      return body.workflows.map(toSummary);
    },
    async getWorkflow(id, signal) {
      const body = await request<Partial<WorkflowDocument>>(workflowApiPath(id), { signal });
      return {
        id: body.id ?? id,
        plan: body.plan ?? null,
        planRevision: body.planRevision ?? null,
        stepConfig: body.stepConfig ?? null,
        stepConfigRevision: body.stepConfigRevision ?? null,
        stepConfigForm: body.stepConfigForm ?? null,
        legacy: body.legacy ?? false,
        problems: body.problems ?? [],
      };
    },
    async getView(id, signal) {
      const body = await request<unknown>(workflowViewPath(id), { signal });
      const parsed = ViewSettings.safeParse(body);
      if (!parsed.success) throw new ApiError(200, 'bad_response', `GET ${workflowViewPath(id)}: not view settings`);
      return parsed.data;
    },
    async saveView(id, view, options = {}) {
      await request<unknown>(workflowViewPath(id), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(view),
        // keepalive lets the last save of a closing tab still reach the server.
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    },
    async getLayouts(id, signal) {
      const body = await request<unknown>(workflowLayoutsPath(id), { signal });
      if (!isSavedLayouts(body)) throw new ApiError(200, 'bad_response', `GET ${workflowLayoutsPath(id)}: not saved layouts`);
      return body;
    },
    async saveLayout(id, direction, layout) {
      await request<unknown>(`${workflowLayoutsPath(id)}/${direction}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(layout),
      });
    },
  };
}
