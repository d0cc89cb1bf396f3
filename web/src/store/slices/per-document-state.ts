import type { PlanDocument } from '@planvas/shared';
import type { AppState } from '../app-state';

type PerDocumentKeys = 'saved' | 'dirty' | 'conflict' | 'draftOffer' | 'editError' | 'pendingDelete' | 'contextMenu' | 'past' | 'future' | 'historyKey';

/**
 * What belongs to one open document and must not outlive it: what is on disk for it, its dirty
 * flag, its conflict and draft offer, its undo history and the questions pending about it.
 * Switching documents replaces all of it in the same update as the document itself: whatever
 * watches the store (the draft keeper above all) then never sees one workflow's document with
 * another's dirty flag, which is how a clean-looking document used to delete its own stored draft.
 */
export function perDocumentState(saved: PlanDocument | null): Pick<AppState, PerDocumentKeys> {
  return {
    saved,
    dirty: false,
    conflict: null,
    draftOffer: null,
    editError: null,
    pendingDelete: null,
    contextMenu: null,
    past: [],
    future: [],
    historyKey: null,
  };
}
