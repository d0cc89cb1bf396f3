import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findStep } from '@planvas/shared';
import { fixtureDocument, storeWithDocument } from '../../test/authoring-store';
import { createAppStore } from '../app-store';
import { discardDraft, draftKey, persistDrafts, readDraft, writeDraft, type DraftStorage } from './draft-storage';

const ID = 'Workflow/ResearchReport';

/** A Storage with a quota, as browsers have. */
function memoryStorage(quota = Infinity): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('drafts in the browser storage', () => {
  it('keeps the dirty document (debounced), per workflow with its base revisions, and forgets it once clean', () => {
    const storage = memoryStorage();
    const store = storeWithDocument();
    persistDrafts(store, storage, 300);
    store.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
    expect(storage.map.size).toBe(0);
    vi.advanceTimersByTime(300);
    const draft = readDraft(storage, ID)!;
    expect(draft).toMatchObject({ workflowId: ID, planRevision: 'p1', stepConfigRevision: 's1' });
    expect(findStep(draft.plan, 'gather-sources')?.step.title).toBe('Unsaved');
    store.getState().undo();
    expect(readDraft(storage, ID)).toBeNull();
  });

  it('offers a draft back when the workflow is opened again, and restores it as an undoable edit', () => {
    const storage = memoryStorage();
    const first = storeWithDocument();
    const persistence = persistDrafts(first, storage, 300);
    first.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
    persistence.stop(); // the tab closes: what is pending is written at once

    const store = createAppStore();
    persistDrafts(store, storage, 300);
    store.getState().openWorkflow(ID);
    store.getState().setDocument(fixtureDocument());
    expect(store.getState().draftOffer).toMatchObject({ planRevision: 'p1' });
    expect(storage.map.has(draftKey(ID))).toBe(true);
    store.getState().restoreDraft();
    expect(store.getState()).toMatchObject({ dirty: true, draftOffer: null });
    expect(findStep(store.getState().document!.plan!, 'gather-sources')?.step.title).toBe('Unsaved');
    store.getState().undo();
    expect(store.getState().dirty).toBe(false);
  });

  it('a draft based on an older revision goes through the conflict dialog', () => {
    const storage = memoryStorage();
    const first = storeWithDocument();
    const persistence = persistDrafts(first, storage, 300);
    first.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
    persistence.stop();
    const store = storeWithDocument(fixtureDocument(ID, { plan: 'p2', stepConfig: 's1' }));
    persistDrafts(store, storage, 300);
    store.getState().setDocument({ ...store.getState().document! });
    store.getState().restoreDraft();
    expect(store.getState().conflict).toMatchObject({ source: 'draft' });
  });

  it('discarding forgets the draft; a draft equal to the file is dropped silently', () => {
    const storage = memoryStorage();
    writeDraft(storage, { workflowId: ID, planRevision: 'p0', stepConfigRevision: 's0', plan: { steps: [] }, stepConfig: null, savedAt: 'then' });
    const store = createAppStore();
    persistDrafts(store, storage, 300);
    store.getState().openWorkflow(ID);
    store.getState().setDocument(fixtureDocument());
    expect(store.getState().draftOffer).not.toBeNull();
    discardDraft(store, storage);
    expect(store.getState().draftOffer).toBeNull();
    expect(storage.map.size).toBe(0);

    const doc = fixtureDocument();
    writeDraft(storage, { workflowId: ID, planRevision: 'old', stepConfigRevision: null, plan: doc.plan!, stepConfig: doc.stepConfig, savedAt: 'then' });
    store.getState().setDocument({ ...doc });
    expect(store.getState().draftOffer).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('ignores what is not a draft of this workflow, and survives a full storage', () => {
    const storage = memoryStorage(10);
    storage.map.set(draftKey(ID), '{not json');
    expect(readDraft(storage, ID)).toBeNull();
    storage.map.set(draftKey(ID), JSON.stringify({ workflowId: 'Other', plan: { steps: [] } }));
    expect(readDraft(storage, ID)).toBeNull();
    expect(writeDraft(storage, { workflowId: ID, planRevision: null, stepConfigRevision: null, plan: { steps: [] }, stepConfig: null, savedAt: 'now' })).toBe(
      false,
    );
  });
});
