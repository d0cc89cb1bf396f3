import { WorkspaceSettings, type MigrationResult, type Plan, type Problem, type StepConfig } from '@planvas/shared';
import { authorizedFetch, withAccessToken } from './access-token';
import { ApiError } from './api-error';
import { workflowApiPath } from './workflow-path';
import { createJsonRequest } from './request';
import { followWorkflowChanges, type ChangesEventSourceFactory, type WorkflowChangeListener } from './changes-stream';
import type { Revision } from './types';

/** What a save answers: the new revision, whether bytes were written, the problems found in the result. */
export type SaveAnswer = { revision: string; written: boolean; problems: Problem[] };

export type CreatedWorkflow = { id: string; planRevision: string; stepConfigRevision: string | null };

/** `POST /api/workflows/:id/migrate` (`dryRun`: the changes it would make, nothing written). */
export type MigrationAnswer = MigrationResult & { problems: Problem[] };

/**
 * The writing half of the API: saves carry the revision they were based on (`If-Match`) and this
 * tab's id (`X-Planvas-Client`), so the tab can tell its own saves from everybody else's on the
 * change stream.
 */
export interface AuthoringApi {
  readonly clientId: string;
  /** `baseRevision` is the revision the edit started from; a stale one is answered 412 (`ApiError` status 412). */
  savePlan(workflowId: string, plan: Plan, baseRevision: Revision): Promise<SaveAnswer>;
  /** `baseRevision: null` creates a step_config.json that does not exist yet. */
  saveStepConfig(workflowId: string, stepConfig: StepConfig, baseRevision: Revision | null): Promise<SaveAnswer>;
  createWorkflow(workflowId: string): Promise<CreatedWorkflow>;
  migrate(workflowId: string, options: { dryRun: boolean }): Promise<MigrationAnswer>;
  getSettings(signal?: AbortSignal): Promise<WorkspaceSettings>;
  saveSettings(settings: WorkspaceSettings): Promise<WorkspaceSettings>;
  /** Follows the workflow's changes on disk; returns the function that stops. */
  watchChanges(workflowId: string, listener: WorkflowChangeListener): () => void;
}

export type AuthoringApiOptions = {
  baseUrl?: string;
  fetch?: typeof fetch;
  clientId?: string;
  createEventSource?: ChangesEventSourceFactory;
};

/** A fresh id per tab (the header allows `A-Z a-z 0-9 . _ : -`, 1-128 characters). */
export function newClientId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `tab-${random}`;
}

const ifMatch = (revision: Revision | null) => (revision === null ? '"absent"' : `"${String(revision)}"`);

export function createAuthoringApi(options: AuthoringApiOptions = {}): AuthoringApi {
  const baseUrl = options.baseUrl ?? '';
  // The access token (when the server requires one) rides along: a header on requests, `?token=` on the stream.
  const doFetch = options.fetch ?? authorizedFetch;
  const clientId = options.clientId ?? newClientId();

  const request = createJsonRequest(baseUrl, doFetch);
  const send = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<T> =>
    request<T>(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'x-planvas-client': clientId } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });

  return {
    clientId,
    savePlan: (id, plan, baseRevision) => send<SaveAnswer>('PUT', `${workflowApiPath(id)}/plan`, plan, { 'if-match': ifMatch(baseRevision) }),
    saveStepConfig: (id, stepConfig, baseRevision) =>
      send<SaveAnswer>('PUT', `${workflowApiPath(id)}/step-config`, stepConfig, { 'if-match': ifMatch(baseRevision) }),
    createWorkflow: (id) => send<CreatedWorkflow>('POST', '/api/workflows', { id }),
    migrate: (id, { dryRun }) => send<MigrationAnswer>('POST', `${workflowApiPath(id)}/migrate${dryRun ? '?dryRun=1' : ''}`, {}),
    async getSettings(signal) {
      const body = await send<unknown>('GET', '/api/settings', undefined, {}, signal);
      const parsed = WorkspaceSettings.safeParse(body);
      if (!parsed.success) throw new ApiError(200, 'bad_response', 'GET /api/settings: not workspace settings');
      return parsed.data;
    },
    saveSettings: (settings) => send<WorkspaceSettings>('PUT', '/api/settings', settings),
    watchChanges: (id, listener) => followWorkflowChanges(withAccessToken(`${baseUrl}${workflowApiPath(id)}/changes`), listener, options.createEventSource),
  };
}
