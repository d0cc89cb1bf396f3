import type { ErrorDetail } from '../errors/error-details';
import type { Plan } from '../plan/plan';
import type { StepConfig } from '../step-config/schema';

/**
 * What the editor edits: the plan and its step configuration, as read from the workflow's files.
 * Every edit is a pure function of a document returning a new one; undo/redo is a stack of them.
 */
export interface PlanDocument {
  plan: Plan;
  /** `null` while the workflow has no step_config.json; the first config edit creates `{ steps: [] }`. */
  stepConfig: StepConfig | null;
}

/** Why an edit was refused, in words for the user; `details` locate schema problems by JSONPath. */
export interface EditFailure {
  ok: false;
  reason: string;
  details?: ErrorDetail[];
}

export type EditSuccess<Extra extends object = Record<never, never>> = { ok: true; doc: PlanDocument } & Extra;

/**
 * The result of every edit. A refused edit leaves nothing changed. A successful edit that changed
 * nothing returns the very same `doc` object, so `result.doc === doc` means "do not push history".
 */
export type EditResult<Extra extends object = Record<never, never>> = EditSuccess<Extra> | EditFailure;

export function fail(reason: string, details?: ErrorDetail[]): EditFailure {
  return details && details.length > 0 ? { ok: false, reason, details } : { ok: false, reason };
}

export function done(doc: PlanDocument): EditSuccess {
  return { ok: true, doc };
}

/** The document with `plan` in place; the same document when the plan did not change. */
export function withPlan(doc: PlanDocument, plan: Plan): PlanDocument {
  return plan === doc.plan ? doc : { ...doc, plan };
}

export function withStepConfig(doc: PlanDocument, stepConfig: StepConfig | null): PlanDocument {
  return stepConfig === doc.stepConfig ? doc : { ...doc, stepConfig };
}
