import type { AppState } from './app-state';

/**
 * Where the open document stands against the disk, as the save button and the tab's title say it.
 * A draft kept from an earlier visit and not restored yet is unsaved work too: the document on
 * screen is clean then, but "Saved" would tell the user their edits are safe on disk when they are not.
 */
export type SaveStatus = 'saving' | 'conflict' | 'unsaved' | 'draft' | 'saved';

export function saveStatus(state: Pick<AppState, 'saving' | 'conflict' | 'dirty' | 'draftOffer'>): SaveStatus {
  if (state.saving) return 'saving';
  if (state.conflict) return 'conflict';
  if (state.dirty) return 'unsaved';
  if (state.draftOffer) return 'draft';
  return 'saved';
}

/** Whether there are edits not on disk: in the document, or in a draft waiting to be restored. */
export const hasUnsavedWork = (state: Pick<AppState, 'dirty' | 'draftOffer'>) => state.dirty || state.draftOffer !== null;
