import type { LayoutDirection, PlanDocument, ViewSettings } from '@planvas/shared';
import { dirtyOf, planDocumentOf, withPlanDocument } from '../authoring/document-state';
import type { AppState, SliceCreator } from './app-state';

/**
 * One undo step: the document and the layout-affecting view state as they were before a change.
 * Documents are immutable with structural sharing (every edit returns a new root that reuses all
 * untouched subtrees), so a snapshot costs a few references, not a copy of the plan.
 */
export type HistoryEntry = {
  label: string;
  doc: PlanDocument | null;
  positions: ViewSettings['positions'];
  direction: LayoutDirection;
};

/** Undo steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

export type HistorySlice = {
  past: HistoryEntry[];
  future: HistoryEntry[];
  /**
   * The coalescing key of the last change recorded. A change recorded with the same key right
   * after it joins it (typing a title is one undo step, not one per key); anything else in
   * between (another change, undo, redo, leaving the field) ends the run.
   */
  historyKey: string | null;
  /** Remembers the current state as an undo step before a change (an edit, a drag, a tidy-up). */
  recordHistory(label: string, coalesce?: string): void;
  /** Ends a run of coalesced changes (a field lost focus). */
  sealHistory(): void;
  undo(): boolean;
  redo(): boolean;
  resetHistory(): void;
};

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
