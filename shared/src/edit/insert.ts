import type { Plan } from '../plan/plan';
import { asKnownStep, type Step } from '../plan/step';
import type { PathSegment } from '../plan/walk';
import { done, fail, withPlan, type EditFailure, type EditResult, type PlanDocument } from './document';
import { getIn, updateIn } from './immutable';
import { findStep, listPosition, stepIdsOf, walkDetached } from './locate';
import { editReasons } from './reasons';
import { introducedViewState, stepProblems } from './validate';

/**
 * Where new steps go. `after` wins and means "right after that step, in its own list" (main list,
 * a conditional branch or orphan_steps). Otherwise `parentId` + `branch` pick a conditional's
 * branch, else the main list; `index` is the position in that list (default: at the end).
 */
export interface InsertAt {
  after?: string;
  index?: number;
  parentId?: string;
  branch?: 'true' | 'false';
}

export function resolveInsertion(plan: Plan, at: InsertAt): { listPath: PathSegment[]; index: number } | EditFailure {
  if (at.after !== undefined) {
    const visit = findStep(plan, at.after);
    if (!visit) return fail(editReasons.unknownStep(at.after));
    const position = listPosition(visit);
    if (!position) return fail(editReasons.insideSubAgent(at.after));
    return { listPath: position.listPath, index: position.index + 1 };
  }
  let listPath: PathSegment[] = ['steps'];
  if (at.parentId !== undefined) {
    const parent = findStep(plan, at.parentId);
    if (!parent) return fail(editReasons.unknownStep(at.parentId));
    if (asKnownStep(parent.step)?.type !== 'conditional') return fail(editReasons.notAConditional(at.parentId));
    if (parent.scope === 'sub_agent') return fail(editReasons.insideSubAgent(at.parentId));
    if (at.branch !== 'true' && at.branch !== 'false') return fail(editReasons.branchRequired(at.parentId));
    listPath = [...parent.path, at.branch === 'true' ? 'if_true_steps' : 'if_false_steps'];
  }
  const list = getIn(plan, listPath);
  const length = Array.isArray(list) ? list.length : 0;
  const index = at.index ?? length;
  if (!Number.isInteger(index) || index < 0 || index > length) return fail(editReasons.badIndex(index, length));
  return { listPath, index };
}

/** Inserts into the list at `listPath` (creating a missing branch list); other lists keep their identity. */
export function insertSteps(plan: Plan, steps: ReadonlyArray<Step>, listPath: PathSegment[], index: number): Plan {
  if (steps.length === 0) return plan;
  return updateIn(plan, listPath, (list) => {
    const current = Array.isArray(list) ? list : [];
    return [...current.slice(0, index), ...steps, ...current.slice(index)];
  });
}

/**
 * Adds a ready-made step (see `createStep`). Refused when it or one of its nested steps uses an id
 * the plan already has, when it is not a valid step, or when it carries canvas view state.
 */
export function addStep(doc: PlanDocument, step: Step, at: InsertAt = {}): EditResult<{ stepId: string }> {
  const where = resolveInsertion(doc.plan, at);
  if ('ok' in where) return where;
  const problems = newStepsProblem(doc.plan, [step]);
  if (problems) return problems;
  const details = stepProblems(step, [...where.listPath, where.index], false);
  if (details.length > 0) return fail(editReasons.invalidStep(step.id), details);
  return { ...done(withPlan(doc, insertSteps(doc.plan, [step], where.listPath, where.index))), stepId: step.id };
}

/** Ids clashing with the plan or with each other, and view state, in steps about to be added. */
export function newStepsProblem(plan: Plan, steps: ReadonlyArray<Step>): EditFailure | undefined {
  const taken = stepIdsOf(plan);
  for (const { step } of walkDetached(steps)) {
    if (taken.has(step.id)) return fail(editReasons.nestedIdTaken(step.id));
    taken.add(step.id);
  }
  for (const step of steps) {
    const viewKeys = introducedViewState(step);
    if (viewKeys.length > 0) return fail(editReasons.viewState(viewKeys));
  }
  return undefined;
}
