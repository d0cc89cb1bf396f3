import type { EditResult, EditSuccess, PlanDocument } from '@planvas/shared';
import { nodeIdOfStep, nodeTargetOf } from '../../../flow/node-targets';
import type { AppState } from '../../app-state';
import type { EditOptions } from '../../state/editing';

type Get = () => AppState;

/** What the editing operations share: running an edit, and the selection in step ids. */
export type EditHelpers = {
  /** `applyEdit`, answering the result only when the edit went through (a refusal is already shown). */
  edit<E extends object>(label: string, run: (doc: PlanDocument) => EditResult<E>, options?: EditOptions<E>): EditSuccess<E> | null;
  /** Selects the nodes showing these steps. */
  selectSteps(stepIds: readonly string[]): void;
  /** The steps (sub-agents included) of the selected nodes. */
  selectedStepIds(): string[];
};

export function editHelpers(get: Get): EditHelpers {
  return {
    edit: (label, run, options) => {
      const result = get().applyEdit(label, run, options);
      return result !== null && result.ok ? result : null;
    },
    selectSteps: (stepIds) => {
      const plan = get().document?.plan;
      if (!plan) return;
      const nodeIds = stepIds.map((id) => nodeIdOfStep(plan, id)).filter((id): id is string => id !== undefined);
      get().setSelection(nodeIds, []);
    },
    selectedStepIds: () => {
      const plan = get().document?.plan;
      if (!plan) return [];
      const ids: string[] = [];
      for (const nodeId of get().selectedNodeIds) {
        const target = nodeTargetOf(plan, nodeId);
        if (target?.kind === 'step' || target?.kind === 'sub_agent') ids.push(target.stepId);
      }
      return ids;
    },
  };
}
