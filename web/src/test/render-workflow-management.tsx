// Test-only: the sidebar and the workflow dialogs over a fetch double of the workflow routes.
import { render } from '@testing-library/react';
import { createWorkflowsApi } from '../api/workflows-api';
import { Root } from '../app/root';
import { Sidebar } from '../app/sidebar';
import { WorkflowDialogs } from '../panels/workflows/workflow-dialogs';
import { createAppStore } from '../store/app-store';
import type { AppState } from '../store/app-state';
import { createFixtureApi } from './fixture-api';
import { fakeWorkflowsFetch, type FakeWorkflow } from './fake-workflows-fetch';

/**
 * Renders the sidebar (listing `workflows`) with the dialogs it opens, at `path`. The store can
 * start with more state (the open workflow, a dirty flag). The document API is the fixture one
 * (view settings land in its `views`).
 */
export function renderWorkflowManagement(workflows: Record<string, FakeWorkflow>, options: { path?: string; state?: Partial<AppState> } = {}) {
  window.history.replaceState(null, '', options.path ?? '/');
  const server = fakeWorkflowsFetch(workflows);
  const api = createFixtureApi();
  const workflowsApi = createWorkflowsApi({ fetch: server.fetch, clientId: api.clientId });
  const store = createAppStore(options.state ?? {});
  store.getState().setWorkflows(
    Object.entries(workflows)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, w]) => ({ id, title: w.title ?? id.split('/').pop()!, stepCount: w.steps, legacy: false, problemCount: w.problems ?? 0 })),
  );
  const utils = render(
    <Root store={store} api={api} workflowsApi={workflowsApi}>
      <Sidebar onRetry={() => undefined} />
      <WorkflowDialogs />
    </Root>,
  );
  return { ...utils, store, server, api, workflowsApi };
}
