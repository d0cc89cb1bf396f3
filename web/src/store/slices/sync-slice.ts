import type { PlanDocument } from '@planvas/shared';
import type { WorkflowDocument } from '../../api/types';
import type { SliceCreator } from '../app-state';
import { dirtyOf, planDocumentOf, withPlanDocument } from '../document/plan-document';
import { mergeJson3 } from '../document/json-merge';
import type { SyncSlice } from '../state/sync';

export const createSyncSlice: SliceCreator<SyncSlice> = (set, get) => ({
  saved: null,
  dirty: false,
  saving: false,
  documentEpoch: 0,
  conflict: null,
  draftOffer: null,

  documentLoaded: (document) => {
    // A fresh document: nothing of the previous one's editing (refusal, deletion asked about, menu) applies to it.
    set({
      saved: planDocumentOf(document),
      dirty: false,
      conflict: null,
      editError: null,
      pendingDelete: null,
      contextMenu: null,
      draftOffer: null,
      documentEpoch: get().documentEpoch + 1,
    });
    get().resetHistory();
  },
  replaceFromDisk: (document) => {
    if (document.id !== get().workflowId) return;
    set({ document, saved: planDocumentOf(document), dirty: false, conflict: null, editError: null, historyKey: null });
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
  closeConflict: () => set({ conflict: null }),
  restoreDraft: () => {
    const offer = get().draftOffer;
    const document = get().document;
    if (!offer || !document) return;
    set({ draftOffer: null });
    if (offer.planRevision === document.planRevision && offer.stepConfigRevision === document.stepConfigRevision) {
      // Based on what is on disk now: the draft simply continues.
      get().applyEdit('Restore unsaved changes', () => ({ ok: true, doc: offer.doc }));
      return;
    }
    set({ conflict: { source: 'draft', mine: offer.doc, theirs: document } });
  },
  offerDraft: (draftOffer) => set({ draftOffer }),
});
