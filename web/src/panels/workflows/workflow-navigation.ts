import { navigate } from '../../navigation/router';
import { pathForWorkflow } from '../../navigation/workflow-route';
import type { AppStore } from '../../store/app-store';
import { browserStorage } from '../../store/persistence/browser-storage';
import { clearDraft, readDraft, writeDraft } from '../../store/persistence/draft-storage';

/**
 * Where the page goes after a workflow was made, moved or deleted. Every move goes through the
 * app's one `navigate`, so whatever it does before leaving a workflow (asking about unsaved
 * edits) applies here as well.
 */

/** Opens a workflow just made (a new one, a copy). */
export function openNewWorkflow(id: string): void {
  navigate(pathForWorkflow(id));
}

/** Where `id` is after `oldId` moved to `newId`: itself, or a workflow nested in its folder (moved with it); null when untouched. */
export function movedId(id: string, oldId: string, newId: string): string | null {
  if (id === oldId) return newId;
  return id.startsWith(`${oldId}/`) ? `${newId}${id.slice(oldId.length)}` : null;
}

/**
 * After a rename: the unsaved draft kept in the browser for the old id (the revisions it is based
 * on moved with the files) now belongs to the new one; an open workflow, or one nested in the
 * moved folder, is followed to its new path, replacing the old address, which leads nowhere now.
 */
export function followRename(store: AppStore, oldId: string, newId: string): void {
  const storage = browserStorage();
  const draft = storage ? readDraft(storage, oldId) : null;
  if (storage && draft && writeDraft(storage, { ...draft, workflowId: newId })) clearDraft(storage, oldId);
  const open = store.getState().workflowId;
  const followed = open === null ? null : movedId(open, oldId, newId);
  if (followed !== null) navigate(pathForWorkflow(followed), { replace: true });
}

/**
 * After a delete: an open workflow gives way to `next` (or the empty state). Its edits went with
 * it, the user having confirmed that, so the store lets go of them before the address changes and
 * leaving has nothing left to ask about; a draft kept for it in the browser goes too.
 */
export function leaveDeleted(store: AppStore, deletedId: string, next: string | null): void {
  if (store.getState().workflowId === deletedId) {
    store.getState().openWorkflow(next);
    navigate(next === null ? '/' : pathForWorkflow(next), { replace: true });
  }
  const storage = browserStorage();
  if (storage) clearDraft(storage, deletedId);
}
