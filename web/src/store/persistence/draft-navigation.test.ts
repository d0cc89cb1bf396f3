import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findStep } from '@planvas/shared';
import { fixtureDocument, storeWithDocument } from '../../test/authoring-store';
import { draftKey, persistDrafts, type DraftStorage } from './draft-storage';

const A = 'Workflow/ResearchReport';
const B = 'Workflow/NoFinalNewline';

function memoryStorage(refuse = false): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const setItem = (key: string, value: string) => {
    if (refuse) throw new DOMException('full', 'QuotaExceededError');
    map.set(key, value);
  };
  return { map, getItem: (key) => map.get(key) ?? null, setItem, removeItem: (key) => void map.delete(key) };
}

/** A store on A with an unsaved title, kept by `persistDrafts` in `storage`. */
function dirtyOnA(storage: DraftStorage) {
  const store = storeWithDocument(fixtureDocument(A));
  const drafts = persistDrafts(store, storage, 300);
  store.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
  return { store, drafts };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('leaving a dirty workflow and coming back', () => {
  it.each([
    ['after the draft was written', 300],
    ['before the debounced write ran', 0],
  ])('keeps the draft and offers it back (%s)', (_, waitMs) => {
    const storage = memoryStorage();
    const store = storeWithDocument(fixtureDocument(A));
    persistDrafts(store, storage, 300);
    store.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
    vi.advanceTimersByTime(waitMs);

    store.getState().openWorkflow(B);
    store.getState().setDocument(fixtureDocument(B));
    expect(storage.map.has(draftKey(A))).toBe(true);
    store.getState().openWorkflow(A);
    store.getState().setDocument(fixtureDocument(A));
    vi.advanceTimersByTime(1000);

    expect(storage.map.has(draftKey(A))).toBe(true);
    expect(store.getState().draftOffer).not.toBeNull();
    store.getState().restoreDraft();
    // Restored, not yet re-written: the stored draft was there all along.
    expect(storage.map.has(draftKey(A))).toBe(true);
    expect(findStep(store.getState().document!.plan!, 'gather-sources')?.step.title).toBe('Unsaved');
    expect(store.getState().dirty).toBe(true);
  });

  it('the workflow being opened is never drafted with the dirty flag of the one left', () => {
    const storage = memoryStorage();
    const store = storeWithDocument(fixtureDocument(A));
    persistDrafts(store, storage, 300);
    store.getState().updateStepFields('gather-sources', { title: 'Unsaved' });
    store.getState().openWorkflow(B);
    expect(store.getState()).toMatchObject({ dirty: false, saved: null });
    store.getState().setDocument(fixtureDocument(B));
    vi.advanceTimersByTime(1000);
    expect(storage.map.has(draftKey(B))).toBe(false);
    expect(store.getState().dirty).toBe(false);
  });

  it('loading the same workflow again (Try again, a fix applied) offers the edits back instead of dropping them', () => {
    const storage = memoryStorage();
    const { store } = dirtyOnA(storage);
    store.getState().setDocument(fixtureDocument(A));
    expect(store.getState().draftOffer).not.toBeNull();
    expect(storage.map.has(draftKey(A))).toBe(true);
  });

  it('closing the conflict of a draft from an older version offers the draft again; it stays stored meanwhile', () => {
    const storage = memoryStorage();
    const { store } = dirtyOnA(storage);
    store.getState().openWorkflow(B);
    store.getState().openWorkflow(A);
    store.getState().setDocument(fixtureDocument(A, { plan: 'p2', stepConfig: 's1' }));
    const offer = store.getState().draftOffer;
    store.getState().restoreDraft();
    expect(store.getState().conflict).toMatchObject({ source: 'draft' });
    vi.advanceTimersByTime(1000);
    expect(storage.map.has(draftKey(A))).toBe(true);
    store.getState().closeConflict();
    expect(store.getState().draftOffer).toEqual(offer);
    expect(storage.map.has(draftKey(A))).toBe(true);
  });

  it('says when the storage refused the draft, so closing the page would lose the edits', () => {
    expect(dirtyOnA(memoryStorage()).drafts.flush()).toBe(true);
    const { store, drafts } = dirtyOnA(memoryStorage(true));
    expect(drafts.flush()).toBe(false);
    store.getState().undo();
    expect(drafts.flush()).toBe(true);
  });
});
