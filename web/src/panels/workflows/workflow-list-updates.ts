import type { WorkflowSummary } from '../../api/types';

// The server lists workflows sorted by id, code unit by code unit (discover-workflows.ts); an
// entry put in by hand goes where the next full list would put it, so nothing jumps on a refresh.
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list with `summary` in it: replacing the row of the same id, or inserted in id order. */
export function withWorkflow(list: WorkflowSummary[], summary: WorkflowSummary): WorkflowSummary[] {
  const at = list.findIndex((w) => w.id === summary.id);
  if (at >= 0) {
    const current = list[at]!;
    const same =
      current.title === summary.title &&
      current.stepCount === summary.stepCount &&
      current.legacy === summary.legacy &&
      current.problemCount === summary.problemCount;
    // An unchanged row keeps the very same list, so nothing re-renders for a save that changed no count.
    return same ? list : list.map((w, i) => (i === at ? summary : w));
  }
  const before = list.findIndex((w) => byId(summary.id, w.id) < 0);
  return before < 0 ? [...list, summary] : [...list.slice(0, before), summary, ...list.slice(before)];
}

/** The list without the workflows of `ids`. */
export function withoutWorkflows(list: WorkflowSummary[], ids: readonly string[]): WorkflowSummary[] {
  const gone = new Set(ids);
  return list.some((w) => gone.has(w.id)) ? list.filter((w) => !gone.has(w.id)) : list;
}

/**
 * The workflow to show after `deletedId` is deleted: the one below it in the list, else the one
 * above, else none (the empty state).
 */
export function neighbourOf(list: readonly WorkflowSummary[], deletedId: string): string | null {
  const at = list.findIndex((w) => w.id === deletedId);
  if (at < 0) return list[0]?.id ?? null;
  return list[at + 1]?.id ?? list[at - 1]?.id ?? null;
}
