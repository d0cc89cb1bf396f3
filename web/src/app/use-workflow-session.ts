import { useEffect } from 'react';
import { DEFAULT_VIEW_SETTINGS } from '@planvas/shared';
import { ApiError } from '../api/api-error';
import { useApi } from '../api/api-context';
import { browserStorage } from '../store/persistence/browser-storage';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { persistViewChanges } from '../store/persistence/view-persistence';
import { shouldOpenProblems } from './problems-first-open';
import { usePathname } from '../navigation/router';
import { workflowIdFromPath } from '../navigation/workflow-route';

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
        // Nothing to list: the panel goes. Something to list: it opens by itself only the first
        // time (it covers part of the canvas); the toolbar's count leads to it afterwards.
        if (document.problems.length === 0) store.getState().togglePanel('problems', false);
        else if (shouldOpenProblems(browserStorage(), workflowId, document.problems.length)) store.getState().togglePanel('problems', true);
      },
      (error: unknown) => {
        if (!isAbort(error)) store.getState().failDocument(workflowId, toApiError(error));
      },
    );
    // The saved layouts come with the view settings: the canvas waits for both, so a plan whose
    // layout was saved opens without running ELK. Missing or unreadable ones are only a cache miss.
    const layouts = api.getLayouts(workflowId, signal).catch((error: unknown) => {
      if (isAbort(error)) throw error;
      return {};
    });
    const view = api.getView(workflowId, signal).catch((error: unknown) => {
      // No saved view (or an unreadable one) is not worth an error: start from the defaults.
      if (isAbort(error)) throw error;
      return DEFAULT_VIEW_SETTINGS;
    });
    Promise.all([view, layouts]).then(
      ([settings, saved]) => {
        if (store.getState().workflowId === workflowId) store.getState().applyViewSettings(workflowId, settings, saved);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, store, workflowId, loadSeq]);

  useEffect(() => {
    const persistence = persistViewChanges(
      store,
      (id, settings, options) => api.saveView(id, settings, options),
      600,
      (error) => console.warn('planvas: could not save the view settings', error),
    );
    const onHide = () => persistence.flush({ keepalive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      persistence.stop();
    };
  }, [api, store]);
}
