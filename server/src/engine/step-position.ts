import type { FlowNode } from '@planvas/shared';

export interface StepPosition {
  /** 0-based, as in the seed's events (the decision log adds 1). */
  step_index: number;
  /** `step-<n>` (1-based) for main steps, as the seed system names execution folders; branch steps add `-<branch>-<k>`. */
  step_path: string;
}

/** A flow node's index and path from where it sits in the plan. */
export function stepPosition(node: FlowNode): StepPosition {
  const path = node.path;
  const mainIndex = typeof path[1] === 'number' ? path[1] : 0;
  let stepPath = `step-${mainIndex + 1}`;
  for (let i = 2; i + 1 < path.length; i += 2) {
    const field = path[i];
    const index = path[i + 1];
    if (typeof field === 'string' && typeof index === 'number') stepPath += `-${field.replace(/^if_/, '').replace(/_steps$/, '')}-${index + 1}`;
  }
  return { step_index: mainIndex, step_path: stepPath };
}

export function subAgentPath(stepPath: string, routeId: string): string {
  return `${stepPath}-sub-${routeId}`;
}

export function genericAgentPath(stepPath: string, todoId: string): string {
  return `${stepPath}-generic-${todoId}`;
}
