import type { AppState, SliceCreator } from '../app-state';
import { dirtyOf, planDocumentOf, withPlanDocument } from '../document/plan-document';
import type { HistoryEntry, HistorySlice } from '../state/history';

/** Undo steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

function snapshot(state: AppState, label: string): HistoryEntry {
  return { label, doc: planDocumentOf(state.document), positions: state.manualPositions, direction: state.direction };
}

/** The state after going back (or forward) to `entry`. */
function restore(state: AppState, entry: HistoryEntry): Partial<AppState> {
  const document = state.document && entry.doc ? withPlanDocument(state.document, entry.doc) : state.document;
  return { document, manualPositions: entry.positions, direction: entry.direction, dirty: dirtyOf(document, state.saved), historyKey: null };
}

/**
 * Undo (from `past` to `future`) or redo (the other way): restores the newest entry of `from` and
 * keeps the state it leaves on `to`. False when `from` is empty.
 */
function travel(state: AppState, set: (partial: Partial<AppState>) => void, from: 'past' | 'future', to: 'past' | 'future'): boolean {
  const entry = state[from].at(-1);
  if (!entry) return false;
  set({ ...restore(state, entry), [from]: state[from].slice(0, -1), [to]: [...state[to], snapshot(state, entry.label)] });
  return true;
}

export const createHistorySlice: SliceCreator<HistorySlice> = (set, get) => ({
  past: [],
  future: [],
  historyKey: null,
  recordHistory: (label, coalesce) => {
    const state = get();
    if (coalesce !== undefined && coalesce === state.historyKey && state.past.length > 0) {
      // The same change continues: the step before it stays the undo point; the redo branch goes.
      if (state.future.length > 0) set({ future: [] });
      return;
    }
    const past = [...state.past, snapshot(state, label)];
    if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
    set({ past, future: [], historyKey: coalesce ?? null });
  },
  sealHistory: () => {
    if (get().historyKey !== null) set({ historyKey: null });
  },
  undo: () => travel(get(), set, 'past', 'future'),
  redo: () => travel(get(), set, 'future', 'past'),
  resetHistory: () => set({ past: [], future: [], historyKey: null }),
});
