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
  undo: () => {
    const state = get();
    const entry = state.past[state.past.length - 1];
    if (!entry) return false;
    set({ ...restore(state, entry), past: state.past.slice(0, -1), future: [...state.future, snapshot(state, entry.label)] });
    return true;
  },
  redo: () => {
    const state = get();
    const entry = state.future[state.future.length - 1];
    if (!entry) return false;
    set({ ...restore(state, entry), future: state.future.slice(0, -1), past: [...state.past, snapshot(state, entry.label)] });
    return true;
  },
  resetHistory: () => set({ past: [], future: [], historyKey: null }),
});
