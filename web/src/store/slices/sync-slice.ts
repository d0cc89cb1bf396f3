import type { PlanDocument } from '@planvas/shared';
import type { WorkflowDocument } from '../../api/types';
import type { SliceCreator } from '../app-state';
import { dirtyOf, planDocumentOf, withPlanDocument } from '../document/plan-document';
import { mergeJson3 } from '../document/json-merge';
import type { SyncSlice } from '../state/sync';
import { perDocumentState } from './per-document-state';

export const createSyncSlice: SliceCreator<SyncSlice> = (set, get) => ({
  saved: null,
  dirty: false,
  saving: false,
  documentEpoch: 0,
  conflict: null,
  draftOffer: null,

  documentLoaded: (document) => {
    // One update: the document with its own clean sync state, fresh history and new epoch together.
    set({
      document,
      documentStatus: 'ready',
      documentError: null,
      ...perDocumentState(planDocumentOf(document)),
      documentEpoch: get().documentEpoch + 1,
    });
  },
  replaceFromDisk: (document) => {
    if (document.id !== get().workflowId) return;
    // The history starts again here: undoing past the reload would bring back a version that is no
    // longer on disk, as if it were an edit of this one.
    set({ document, saved: planDocumentOf(document), dirty: false, conflict: null, editError: null, past: [], future: [], historyKey: null });
  },
  markSaved: (sent, revisions, problems) => {
    const { document, saved } = get();
    if (!document || !saved) return;
    const nextSaved: PlanDocument = { plan: sent.plan ?? saved.plan, stepConfig: sent.stepConfig !== undefined ? sent.stepConfig : saved.stepConfig };
    const unchangedSince =
      (sent.plan === undefined || sent.plan === document.plan) && (sent.stepConfig === undefined || sent.stepConfig === document.stepConfig);
    const next: WorkflowDocument = {
      ...document,
      ...(revisions.planRevision !== undefined ? { planRevision: revisions.planRevision, legacy: false } : {}),
      ...(revisions.stepConfigRevision !== undefined ? { stepConfigRevision: revisions.stepConfigRevision } : {}),
      // The server's problems describe what was saved: right only if nothing changed meanwhile.
      ...(problems && unchangedSince ? { problems } : {}),
    };
    set({ document: next, saved: nextSaved, dirty: dirtyOf(next, nextSaved) });
  },
  setSaving: (saving) => set({ saving }),

  rebaseOnTheirs: () => {
    const { conflict, saved } = get();
    if (!conflict || !conflict.theirs.plan) return null;
    const { mine, theirs } = conflict;
    const base = saved ?? { plan: theirs.plan!, stepConfig: theirs.stepConfig };
    const plan = mergeJson3(base.plan, mine.plan, theirs.plan);
    const config = mergeJson3(base.stepConfig, mine.stepConfig, theirs.stepConfig);
    const merged = { plan: plan.value, stepConfig: config.value ?? null } as PlanDocument;
    get().recordHistory('Keep mine');
    const document = withPlanDocument({ ...theirs, id: get().workflowId ?? theirs.id }, merged);
    const nextSaved = planDocumentOf(theirs);
    set({ document, saved: nextSaved, dirty: dirtyOf(document, nextSaved), conflict: null, historyKey: null });
    return [...plan.conflicts.map((p) => `plan.json ${p}`), ...config.conflicts.map((p) => `step_config.json ${p}`)];
  },
  takeTheirs: () => {
    const { conflict } = get();
    if (!conflict) return;
    get().recordHistory('Take theirs');
    const document = { ...conflict.theirs, id: get().workflowId ?? conflict.theirs.id };
    set({ document, saved: planDocumentOf(document), dirty: false, conflict: null, historyKey: null });
  },
  openConflict: (conflict) => set({ conflict, contextMenu: null }),
  closeConflict: () => {
    // Closing the dialog of a draft made on an older version leaves the draft as it was: offered, not lost.
    const offer = get().conflict?.offer;
    set({ conflict: null, ...(offer ? { draftOffer: offer } : {}) });
  },
  restoreDraft: () => {
    const offer = get().draftOffer;
    const document = get().document;
    if (!offer || !document) return;
    // Each way out is one update that ends the offer: the draft keeper never sees a moment with
    // neither the offer nor the edits, which would read as "clean" and delete the stored draft.
    if (offer.planRevision === document.planRevision && offer.stepConfigRevision === document.stepConfigRevision) {
      // Based on what is on disk now: the draft simply continues, as an undoable step.
      get().recordHistory('Restore unsaved changes');
      const restored = withPlanDocument(document, offer.doc);
      set({ document: restored, dirty: dirtyOf(restored, get().saved), draftOffer: null, editError: null });
      return;
    }
    set({ draftOffer: null, conflict: { source: 'draft', mine: offer.doc, theirs: document, offer } });
  },
  offerDraft: (draftOffer) => set({ draftOffer }),
});
