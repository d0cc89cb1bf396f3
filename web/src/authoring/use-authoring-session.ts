import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { persistDrafts } from '../store/persistence/draft-storage';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { browserStorage } from '../store/persistence/browser-storage';
import { onDiskChange } from './save-document';
import { useAuthoringShortcuts } from './use-shortcuts';
import { useSaveActions } from './use-save-actions';

/**
 * Everything authoring needs while the app runs: the workspace settings (for the LLM resolution
 * shown in the inspector), the open workflow's change stream (disk edits reload a clean document
 * or raise the conflict dialog on a dirty one; this tab's own saves are ignored), the draft kept
 * in the browser's storage, and the keyboard shortcuts.
 */
export function useAuthoringSession(): void {
  const api = useApi();
  const store = useAppStoreApi();
  const { save } = useSaveActions();

  useEffect(() => {
    const controller = new AbortController();
    api.getSettings(controller.signal).then(
      (settings) => store.getState().setWorkspaceSettings(settings),
      () => undefined, // No settings: the chain just has no preset/default level.
    );
    return () => controller.abort();
  }, [api, store]);

  const workflowId = useAppStore((s) => s.workflowId);
  useEffect(() => {
    if (workflowId === null) return;
    return api.watchChanges(workflowId, (event) => {
      onDiskChange(store, api, event).catch((error: unknown) => console.warn('planvas: could not follow a change on disk', error));
    });
  }, [api, store, workflowId]);

  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    const drafts = persistDrafts(store, storage);
    // Leaving the page writes the pending draft at once; no "leave the page?" prompt is needed,
    // since nothing unsaved is lost: the draft is offered back on the next open.
    const onHide = () => drafts.flush();
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      drafts.stop();
    };
  }, [store]);

  // The tab's title says when there is something unsaved, as editors do.
  const dirty = useAppStore((s) => s.dirty);
  useEffect(() => {
    const name = workflowId?.split('/').pop();
    document.title = `${dirty ? '● ' : ''}${name ? `${name} — ` : ''}planvas`;
  }, [dirty, workflowId]);

  useAuthoringShortcuts(store, save);
}
