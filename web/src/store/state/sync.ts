import type { PlanDocument } from '@planvas/shared';
import type { WorkflowDocument } from '../../api/types';

/**
 * The user's version and the one on disk now, when they differ and both matter: a save refused
 * with 412, a change on disk while the document was dirty, or a draft from an older revision.
 * While there is one, the conflict dialog shows and saving waits for the user's choice.
 */
export type Conflict = {
  source: 'save' | 'disk' | 'draft';
  mine: PlanDocument;
  theirs: WorkflowDocument;
  /** A draft's conflict: the offer it came from, offered again when the dialog is closed. */
  offer?: DraftOffer;
};

/** An unsaved draft found in the browser's storage for the open workflow. */
export type DraftOffer = { doc: PlanDocument; planRevision: string | number | null; stepConfigRevision: string | number | null; savedAt: string };

/**
 * The open document against what is on disk: what was last loaded or saved, whether the edits
 * differ from it, a save in progress, a conflict with the disk, and a draft kept by the browser.
 */
export type SyncSlice = {
  /** What is on disk as far as this tab knows: the plan and step config last loaded or saved. */
  saved: PlanDocument | null;
  dirty: boolean;
  saving: boolean;
  /** Bumped whenever a document is loaded fresh (not by edits, undo or saves). */
  documentEpoch: number;
  conflict: Conflict | null;
  draftOffer: DraftOffer | null;

  /** Shows a freshly loaded document: its files are the saved state, a clean document with a fresh history. */
  documentLoaded(document: WorkflowDocument): void;
  /** The files changed on disk while the document was clean: take them; undo does not reach back past them. */
  replaceFromDisk(document: WorkflowDocument): void;
  /** What `sent` (a document this tab saved) now is on disk, with its new revisions. */
  markSaved(sent: Partial<PlanDocument>, revisions: { planRevision?: string; stepConfigRevision?: string }, problems?: WorkflowDocument['problems']): void;
  setSaving(saving: boolean): void;
  /** Keeps the user's edits on top of the version on disk (three-way merge); returns the paths both changed. */
  rebaseOnTheirs(): string[] | null;
  takeTheirs(): void;
  openConflict(conflict: Conflict): void;
  /** Leaves the choice for later: the edits stay unsaved, a draft's offer comes back. */
  closeConflict(): void;
  restoreDraft(): void;
  offerDraft(offer: DraftOffer | null): void;
};
