import type { Plan } from '../plan/plan';
import type { SubAgentStep } from '../plan/step';
import { walkSteps } from '../plan/walk';
import { done, fail, withPlan, withStepConfig, type EditFailure, type EditResult, type PlanDocument } from './document';
import { deleteIn, mergeShallow, reconcile, setIn } from './immutable';
import { findStep, idsWithin } from './locate';
import { editReasons } from './reasons';
import { withoutConfigEntries } from './step-config-entries';
import { introducedViewState, stepProblems } from './validate';

/** Fields to set on a step; `undefined` removes a field. Keys not named are left as they are. */
export type StepPatch = Readonly<Record<string, unknown>>;
/** Returns the changed step; parts equal in content to the old ones keep their old objects. */
export type StepUpdater = (step: SubAgentStep) => SubAgentStep;

/**
 * Changes one step anywhere in the plan: main list, conditional branch, route sub-agent, orphans.
 * The id stays (see `renameStepId`); the result must pass the step schemas (refused with the JSON
 * path of each problem otherwise). Nested steps the change drops lose their step_config entries,
 * as if deleted; nested steps it adds need free ids.
 */
export function updateStep(doc: PlanDocument, stepId: string, change: StepPatch | StepUpdater): EditResult {
  const visit = findStep(doc.plan, stepId);
  if (!visit) return fail(editReasons.unknownStep(stepId));
  const next = typeof change === 'function' ? reconcile(visit.step, change(visit.step)) : (mergeShallow(visit.step, change) as SubAgentStep);
  if (next === visit.step) return done(doc);
  if (next.id !== stepId) return fail(editReasons.idChangeNotAllowed(stepId));
  const refused = replacementProblem(doc.plan, visit.step, next);
  if (refused) return refused;
  const details = stepProblems(next, visit.path, visit.scope === 'sub_agent');
  if (details.length > 0) return fail(editReasons.invalidStep(stepId), details);
  return done(replaceSubtree(doc, visit.path, visit.step, next));
}

/** Ids `next` brings in that clash with the rest of the plan or with each other; view state it adds. */
export function replacementProblem(plan: Plan, previous: SubAgentStep | undefined, next: SubAgentStep): EditFailure | undefined {
  const viewKeys = introducedViewState(next, previous);
  if (viewKeys.length > 0) return fail(editReasons.viewState(viewKeys));
  const own = new Set(previous ? idsWithin(previous) : []);
  const elsewhere = new Set<string>();
  for (const visit of walkSteps(plan)) if (!own.has(visit.step.id)) elsewhere.add(visit.step.id);
  const seen = new Set<string>();
  for (const id of idsWithin(next)) {
    if (elsewhere.has(id) || (seen.has(id) && !own.has(id))) return fail(editReasons.nestedIdTaken(id));
    seen.add(id);
  }
  return undefined;
}

/**
 * Writes `next` over `previous` at `path` (removes the key when `next` is undefined); step_config
 * entries of nested steps that disappeared (and exist nowhere else) are dropped with them.
 */
export function replaceSubtree(
  doc: PlanDocument,
  path: ReadonlyArray<string | number>,
  previous: SubAgentStep | undefined,
  next: SubAgentStep | undefined,
): PlanDocument {
  const plan = next === undefined ? deleteIn(doc.plan, path) : setIn(doc.plan, path, next);
  return dropVanishedConfig(withPlan(doc, plan), previous, next);
}

/** Removes the step_config entries of ids that were in `previous`, are not in `next` and are gone from the plan. */
export function dropVanishedConfig(doc: PlanDocument, previous: SubAgentStep | null | undefined, next: SubAgentStep | null | undefined): PlanDocument {
  if (!previous) return doc;
  const remaining = new Set(next ? idsWithin(next) : []);
  const dropped = idsWithin(previous).filter((id) => !remaining.has(id));
  if (dropped.length === 0) return doc;
  const stillUsed = new Set<string>();
  for (const visit of walkSteps(doc.plan)) stillUsed.add(visit.step.id);
  return withStepConfig(doc, withoutConfigEntries(doc.stepConfig, new Set(dropped.filter((id) => !stillUsed.has(id)))));
}
