import { ApiError } from '../../api/api-error';
import type { WorkflowSummary } from '../../api/types';
import type { WorkflowsApi } from '../../api/workflows-api';
import type { WorkspaceChangeEvent } from '../../api/workspace-changes';
import type { AppStore } from '../../store/app-store';
import { withoutWorkflows, withWorkflow } from './workflow-list-updates';

type ListApi = Pick<WorkflowsApi, 'summary' | 'list'>;

export type WorkflowListSync = {
  /** One event of the workspace's change stream. */
  handle(event: WorkspaceChangeEvent): void;
  /** Reads one workflow's row again (soon: a burst of changes to it is read once). */
  refresh(id: string): void;
  stop(): void;
};

/**
 * Keeps the sidebar's list in step with the workspace without reading the whole list on every
 * save: a change to a workflow's documents reads that workflow's row again (its step count, its
 * problems, its title), workflows added or removed are put in or taken out. The whole list is
 * read again only when the stream (re)connects and may have missed something, or when a row
 * cannot be read on its own (a plan.json that is not JSON has a row, but no document).
 *
 * `delayMs` gathers a burst (a save writes plan.json then step_config.json) into one read.
 */
export function createWorkflowListSync(store: AppStore, api: ListApi, delayMs = 120): WorkflowListSync {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // Bumped when a workflow goes: a read of it still under way must not bring its row back.
  const epochs = new Map<string, number>();
  let connectedBefore = false;
  let stopped = false;
  let listRead: AbortController | null = null;

  const epochOf = (id: string) => epochs.get(id) ?? 0;
  const setList = (update: (list: WorkflowSummary[]) => WorkflowSummary[]) => {
    const state = store.getState();
    const next = update(state.workflows);
    if (next !== state.workflows) state.setWorkflows(next);
  };

  const readAll = () => {
    listRead?.abort();
    const controller = new AbortController();
    listRead = controller;
    api.list(controller.signal).then(
      (list) => {
        if (!stopped && listRead === controller) store.getState().setWorkflows(list);
      },
      () => undefined,
    );
  };

  const readOne = async (id: string) => {
    const epoch = epochOf(id);
    try {
      const summary = await api.summary(id);
      if (!stopped && epochOf(id) === epoch) setList((list) => withWorkflow(list, summary));
    } catch (error) {
      if (stopped || epochOf(id) !== epoch) return;
      if (error instanceof ApiError && error.status === 404) setList((list) => withoutWorkflows(list, [id]));
      else readAll();
    }
  };

  const refresh = (id: string) => {
    if (stopped) return;
    const pending = timers.get(id);
    if (pending) clearTimeout(pending);
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        void readOne(id);
      }, delayMs),
    );
  };

  const remove = (ids: readonly string[]) => {
    for (const id of ids) {
      epochs.set(id, epochOf(id) + 1);
      const pending = timers.get(id);
      if (pending) clearTimeout(pending);
      timers.delete(id);
    }
    setList((list) => withoutWorkflows(list, ids));
  };

  const handle = (event: WorkspaceChangeEvent) => {
    if (stopped) return;
    if (event.type === 'workflows') {
      remove(event.removed);
      for (const id of event.added) refresh(id);
      return;
    }
    if (event.type === 'change') {
      // A plan.json that went away is a workflow that went: the `workflows` event says so.
      if (!(event.deleted && event.document === 'plan')) refresh(event.workflowId);
      return;
    }
    // `ready`: the whole state of the workspace. The first one only matters when the list (read
    // on its own) disagrees with it; after a reconnect anything may have happened meanwhile.
    const state = store.getState();
    const reconnect = connectedBefore;
    connectedBefore = true;
    if (state.workflowsStatus === 'loading' || state.workflowsStatus === 'idle') return;
    const listed = state.workflows.map((w) => w.id).join('\n');
    const onDisk = event.workflows.map((w) => w.workflowId).join('\n');
    if (reconnect || state.workflowsStatus === 'error' || listed !== onDisk) readAll();
  };

  return {
    handle,
    refresh,
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      listRead?.abort();
    },
  };
}
