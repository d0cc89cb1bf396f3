import { isSameOrUnder } from '../state/workflow-keys';
import { WorkflowBusy } from './run-errors';

/**
 * Keeps runs from starting in a workflow that is being moved or deleted, and two such changes of
 * one workflow apart. A run start `enter`s its workflow for as long as it makes the run (from the
 * check of the workflow to the row in the run index); a move or delete `freeze`s the workflows it
 * changes for as long as it takes. Both are taken synchronously, so the first one in wins and the
 * other is refused (WorkflowBusy) without waiting: a run never starts in a folder being moved away,
 * and a move never overlooks a run being created.
 */
export class WorkflowGate {
  private readonly entered = new Map<string, number>();
  private readonly frozen = new Set<string>();

  /** A run of `workflowId` is being created; call the answer when it is (or failed). */
  enter(workflowId: string): () => void {
    if ([...this.frozen].some((id) => isSameOrUnder(workflowId, id))) throw new WorkflowBusy(workflowId);
    this.entered.set(workflowId, (this.entered.get(workflowId) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const count = (this.entered.get(workflowId) ?? 1) - 1;
      if (count === 0) this.entered.delete(workflowId);
      else this.entered.set(workflowId, count);
    };
  }

  /** `ids` (and the workflows in their folders) are being changed; call the answer when done. */
  freeze(ids: ReadonlyArray<string>): () => void {
    const overlaps = (a: string, b: string) => isSameOrUnder(a, b) || isSameOrUnder(b, a);
    for (const id of ids) {
      if ([...this.entered.keys()].some((entered) => isSameOrUnder(entered, id))) throw new WorkflowBusy(id);
      if ([...this.frozen].some((frozen) => overlaps(frozen, id))) throw new WorkflowBusy(id);
    }
    for (const id of ids) this.frozen.add(id);
    let thawed = false;
    return () => {
      if (thawed) return;
      thawed = true;
      for (const id of ids) this.frozen.delete(id);
    };
  }
}
