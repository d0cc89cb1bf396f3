import { targetFields } from '../plan/flow';
import type { Step } from '../plan/step';
import { walkSteps } from '../plan/walk';
import { done, fail, withPlan, withStepConfig, type EditResult, type PlanDocument } from './document';
import { setIn } from './immutable';
import { stepIdProblem } from './ids';
import { findStep, stepIdsOf } from './locate';
import { editReasons } from './reasons';

/**
 * Gives a step (any step, sub-agents included) a new id and updates everything naming it: every
 * flow target field of every step and its step_config entry. `default_route_id` names a route,
 * not a step, and is left alone. The new id must be non-empty, id-like and unused.
 */
export function renameStepId(doc: PlanDocument, oldId: string, newId: string): EditResult<{ stepId: string }> {
  const visit = findStep(doc.plan, oldId);
  if (!visit) return fail(editReasons.unknownStep(oldId));
  if (newId === oldId) return { ...done(doc), stepId: oldId };
  const problem = stepIdProblem(newId, stepIdsOf(doc.plan));
  if (problem) return fail(problem);
  let plan = setIn(doc.plan, [...visit.path, 'id'], newId);
  // Paths from the old plan stay valid: only values change, no list is reshaped.
  for (const other of walkSteps(doc.plan)) {
    for (const { field, target } of targetFields(other.step as Step, other.path)) if (target === oldId) plan = setIn(plan, field, newId);
  }
  let stepConfig = doc.stepConfig;
  if (stepConfig?.steps.some((entry) => entry.id === oldId)) {
    stepConfig = { ...stepConfig, steps: stepConfig.steps.map((entry) => (entry.id === oldId ? { ...entry, id: newId } : entry)) };
  }
  return { ...done(withStepConfig(withPlan(doc, plan), stepConfig)), stepId: newId };
}
