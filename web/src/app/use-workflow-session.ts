import { useEffect } from 'react';
import { DEFAULT_VIEW_SETTINGS } from '@planvas/shared';
import { ApiError } from '../api/api-error';
import { useApi } from '../api/api-context';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { persistViewChanges } from '../store/view-persistence';
import { usePathname, workflowIdFromPath } from './router';

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unexpected', error instanceof Error ? error.message : String(error));
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Loads the workspace's workflow list once. */
export function useWorkflowList(): () => void {
  const api = useApi();
  const store = useAppStoreApi();
  const load = () => {
    store.getState().setWorkflowsLoading();
    api.listWorkflows().then(
      (list) => store.getState().setWorkflows(list),
      (error: unknown) => store.getState().failWorkflows(toApiError(error)),
    );
  };
  useEffect(load, [api, store]);
  return load;
}

/**
 * Keeps the open workflow in step with the URL: loads its document and its view settings, and
 * saves view changes back (debounced). A late answer for a workflow the user left is dropped.
 */
export function useWorkflowSession(): void {
  const api = useApi();
  const store = useAppStoreApi();
  const pathname = usePathname();
  const wantedId = workflowIdFromPath(pathname);

  useEffect(() => {
    store.getState().openWorkflow(wantedId);
  }, [store, wantedId]);

  const workflowId = useAppStore((s) => s.workflowId);
  const loadSeq = useAppStore((s) => s.documentLoadSeq);
  useEffect(() => {
    if (workflowId === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    store.getState().selectNode(null);
    api.getWorkflow(workflowId, signal).then(
      (document) => {
        store.getState().setDocument({ ...document, id: workflowId });
        // The problems panel opens by itself only when there is something in it.
        store.getState().togglePanel('problems', document.problems.length > 0);
      },
      (error: unknown) => {
        if (!isAbort(error)) store.getState().failDocument(workflowId, toApiError(error));
      },
    );
    api.getView(workflowId, signal).then(
      (settings) => {
        if (store.getState().workflowId === workflowId) store.getState().applyViewSettings(workflowId, settings);
      },
      (error: unknown) => {
        // No saved view (or an unreadable one) is not worth an error: start from the defaults.
        if (!isAbort(error) && store.getState().workflowId === workflowId) store.getState().applyViewSettings(workflowId, DEFAULT_VIEW_SETTINGS);
      },
    );
    return () => controller.abort();
  }, [api, store, workflowId, loadSeq]);

  useEffect(() => {
    const persistence = persistViewChanges(store, (id, settings, options) => api.saveView(id, settings, options), 600, (error) =>
      console.warn('planvas: could not save the view settings', error),
    );
    const onHide = () => persistence.flush({ keepalive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      persistence.stop();
    };
  }, [api, store]);
}
