import { readPlan, readStepConfig, type Plan, type PlanDocument, type StepConfig } from '@planvas/shared';
import { planDocumentOf } from '../document/plan-document';
import { sameJson } from '../document/json-merge';
import type { AppStore } from '../app-store';

/**
 * The unsaved edits of a workflow, kept in the browser's storage so a crash or a closed tab loses
 * nothing: one draft per workflow, with the revisions it was based on, offered back on the next open.
 */
export type Draft = {
  workflowId: string;
  planRevision: string | number | null;
  stepConfigRevision: string | number | null;
  plan: Plan;
  stepConfig: StepConfig | null;
  savedAt: string;
};

const isRevision = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number';

/** A stored value that is a draft of `workflowId` whose plan and step config pass the shared schemas. */
function asDraft(value: unknown, workflowId: string): Draft | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Record<string, unknown>;
  if (d.workflowId !== workflowId || !isRevision(d.planRevision) || !isRevision(d.stepConfigRevision) || typeof d.savedAt !== 'string') return null;
  if (!readPlan(d.plan).ok) return null;
  if (d.stepConfig !== null && !readStepConfig(d.stepConfig).ok) return null;
  return value as Draft;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (workflowId: string) => `planvas:draft:${workflowId}`;

export function readDraft(storage: DraftStorage, workflowId: string): Draft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(workflowId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return asDraft(JSON.parse(raw), workflowId);
  } catch {
    return null;
  }
}

/** False when the storage refused it (full, or disabled): the edits are still in the page. */
export function writeDraft(storage: DraftStorage, draft: Draft): boolean {
  try {
    storage.setItem(draftKey(draft.workflowId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage, workflowId: string): void {
  try {
    storage.removeItem(draftKey(workflowId));
  } catch {
    // Nothing to do: a storage that cannot be written holds no draft of ours either.
  }
}

function draftDoc(draft: Draft): PlanDocument {
  return { plan: draft.plan, stepConfig: draft.stepConfig };
}

/**
 * Keeps the open workflow's draft in `storage`: written (debounced) while the document is dirty,
 * written at once when the user leaves it (another workflow, back/forward, the same one loaded
 * again), removed as soon as it is clean again (saved, undone, taken from disk). When a workflow
 * is loaded, a draft that differs from it is offered back first, and left alone until the user
 * restores or discards it (or settles the conflict it is part of).
 *
 * `flush()` writes what is pending and says whether the unsaved edits are kept: false when the
 * storage refused them (full, disabled), so closing the page would lose them.
 */
export function persistDrafts(store: AppStore, storage: DraftStorage, delayMs = 300): { flush(): boolean; stop(): void } {
  let epoch = -1;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: Draft | null = null;
  let refused = false;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) refused = !writeDraft(storage, pending);
    pending = null;
    return !refused;
  };

  const unsubscribe = store.subscribe((state) => {
    // Pending edits belong to the document they were taken from: once it is left or loaded afresh,
    // they are written before anything else looks at the storage, so coming back finds them.
    if (pending && (pending.workflowId !== state.workflowId || state.documentEpoch !== epoch)) flush();
    const { document } = state;
    if (!document || state.saved === null) return;
    if (state.documentEpoch !== epoch) {
      epoch = state.documentEpoch;
      const draft = readDraft(storage, document.id);
      const loaded = planDocumentOf(document);
      if (draft && loaded && !(sameJson(draft.plan, loaded.plan) && sameJson(draft.stepConfig, loaded.stepConfig))) {
        state.offerDraft({ doc: draftDoc(draft), planRevision: draft.planRevision, stepConfigRevision: draft.stepConfigRevision, savedAt: draft.savedAt });
        return;
      }
      if (draft) clearDraft(storage, document.id);
    }
    // The stored draft is the user's until they restore or discard it, or settle its conflict.
    if (state.draftOffer || state.conflict) return;
    const doc = planDocumentOf(document);
    if (!state.dirty || !doc) {
      if (pending?.workflowId === document.id) pending = null;
      if (timer && !pending) {
        clearTimeout(timer);
        timer = null;
      }
      refused = false;
      clearDraft(storage, document.id);
      return;
    }
    pending = {
      workflowId: document.id,
      planRevision: document.planRevision,
      stepConfigRevision: document.stepConfigRevision,
      plan: doc.plan,
      stepConfig: doc.stepConfig,
      savedAt: new Date().toISOString(),
    };
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });

  return {
    flush,
    stop() {
      unsubscribe();
      flush();
    },
  };
}

/** "Discard": forgets the offered draft for good. */
export function discardDraft(store: AppStore, storage: DraftStorage): void {
  const id = store.getState().document?.id;
  if (id) clearDraft(storage, id);
  store.getState().offerDraft(null);
}
