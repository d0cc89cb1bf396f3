import type { RunSummary } from '@planvas/shared';
import { putEntry } from './own-keys';
import type { StateData } from './state-store';
import { copyEntry, isSameOrUnder, movedKey, moveEntriesUnder, removeEntriesUnder } from './workflow-keys';

/**
 * What planvas keeps per workflow in its state file (views, breakpoints, remembered legacy promotions, the
 * run index rows' workflowId), following a workflow that is moved, copied or deleted. Each runs
 * on a StateStore.update draft, so all of it is written in one write or not at all.
 */

/** The workflow `from` (and those in its folder) is now called `to`: its views, breakpoints, promotions and runs follow. */
export function moveWorkflowState(draft: StateData, from: string, to: string): void {
  moveEntriesUnder(draft.views, from, to);
  moveEntriesUnder(draft.breakpoints, from, to);
  moveEntriesUnder(draft.legacyPromotions, from, to);
  rewriteRuns(draft, (row) => {
    // Rows of a workflow that was at `to` before went with its folder (its runs/ is gone): dropped.
    if (isSameOrUnder(row.workflowId, to)) return undefined;
    return isSameOrUnder(row.workflowId, from) ? { ...row, workflowId: movedKey(row.workflowId, from, to) } : row;
  });
}

/** `to` is a copy of `from`: it starts with the same view, breakpoints and promotions (the plan is the same bytes), and no runs. */
export function copyWorkflowState(draft: StateData, from: string, to: string): void {
  copyEntry(draft.views, from, to);
  copyEntry(draft.breakpoints, from, to);
  copyEntry(draft.legacyPromotions, from, to);
  rewriteRuns(draft, (row) => (isSameOrUnder(row.workflowId, to) ? undefined : row));
}

/** The workflow `id` is deleted: its views, breakpoints, promotions and run index rows go. */
export function removeWorkflowState(draft: StateData, id: string): void {
  removeEntriesUnder(draft.views, id);
  removeEntriesUnder(draft.breakpoints, id);
  removeEntriesUnder(draft.legacyPromotions, id);
  rewriteRuns(draft, (row) => (isSameOrUnder(row.workflowId, id) ? undefined : row));
}

/** Each run row replaced by what `change` answers (undefined: removed); rows it keeps as they are stay untouched. */
function rewriteRuns(draft: StateData, change: (row: RunSummary) => RunSummary | undefined): void {
  for (const runId of Object.keys(draft.runs)) {
    const row = draft.runs[runId];
    // A hand-edited state file may hold anything: a row without a workflow id belongs to none.
    if (typeof row?.workflowId !== 'string') continue;
    const next = change(row);
    if (next === undefined) delete draft.runs[runId];
    else if (next !== row) putEntry(draft.runs, runId, next);
  }
}
