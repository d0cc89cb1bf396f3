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
    const drafts = storage ? persistDrafts(store, storage) : null;
    // Leaving the page writes the pending draft at once and the next open offers it back, so
    // closing or reloading needs no question; only edits the browser would not keep (its storage
    // full or disabled) are worth one.
    const onHide = () => void drafts?.flush();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const kept = drafts ? drafts.flush() : false;
      if (!kept && store.getState().dirty) event.preventDefault();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      drafts?.stop();
    };
  }, [store]);

  // The tab's title (unsaved edits, runs waiting or failed) is notifications/tab-title.ts'.

  useAuthoringShortcuts(store, save);
}
