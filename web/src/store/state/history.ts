import type { LayoutDirection, PlanDocument, ViewSettings } from '@planvas/shared';

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
