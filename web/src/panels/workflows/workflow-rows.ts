import type { WorkflowsApi } from '../../api/workflows-api';
import type { AppStore } from '../../store/app-store';
import { withoutWorkflows, withWorkflow } from './workflow-list-updates';

// The dialogs put their result in the sidebar at once: the change stream says the same a moment
// later (and is all there is for changes made elsewhere), but the user should not wait for it, and
// a page whose stream is down still sees its own work.

/** Reads the row of a workflow just made and puts it in the list. */
export function putWorkflowRow(store: AppStore, api: Pick<WorkflowsApi, 'summary'>, id: string): void {
  api.summary(id).then(
    (summary) => {
      const state = store.getState();
      const next = withWorkflow(state.workflows, summary);
      if (next !== state.workflows) state.setWorkflows(next);
    },
    // Not readable on its own yet: the change stream's full read will list it.
    () => undefined,
  );
}

/** Takes the row of a workflow that went (deleted, or renamed away) out of the list. */
export function dropWorkflowRow(store: AppStore, id: string): void {
  const state = store.getState();
  const next = withoutWorkflows(state.workflows, [id]);
  if (next !== state.workflows) state.setWorkflows(next);
}
