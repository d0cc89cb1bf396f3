import type { LayoutDirection, Plan, Problem, StepConfig } from '@planvas/shared';
import { planToFlow, type CanvasFlow } from './plan-to-flow';

/**
 * The canvas, the problems list and the layout all need the flow of the same plan; this keeps the
 * last few results so a 2,000-step plan is mapped once per change, not once per consumer.
 */
const recent: Array<{ plan: Plan; direction: LayoutDirection; problems: readonly Problem[] | null; stepConfig: StepConfig | undefined; flow: CanvasFlow }> = [];
const KEEP = 4;

export function canvasFlowOf(plan: Plan, direction: LayoutDirection, problems: readonly Problem[] | null, stepConfig?: StepConfig): CanvasFlow {
  const hit = recent.find((r) => r.plan === plan && r.direction === direction && r.problems === problems && r.stepConfig === stepConfig);
  if (hit) return hit.flow;
  const flow = planToFlow(plan, { direction, ...(problems ? { problems } : {}), ...(stepConfig ? { stepConfig } : {}) });
  recent.unshift({ plan, direction, problems, stepConfig, flow });
  recent.length = Math.min(recent.length, KEEP);
  return flow;
}
