import { z } from 'zod';
import { OpaqueStep } from './steps/opaque';
import { UntypedRegularStep, type RegularStep } from './steps/regular';
import { STEP_KINDS, isKnownStepType, type StepKind, type StepOfKind } from './step-kinds';

/** A step of one of the known kinds, `type` set. */
export type KnownStep = StepOfKind[StepKind];
/**
 * A plan step: a known kind, an untyped step (which means `regular`: every sub-agent step may omit
 * `type`, and the oldest files omit it everywhere), or an opaque step kept as written.
 */
export type Step = KnownStep | UntypedRegularStep | OpaqueStep;
/** A route's private step; the same shapes as any step. */
export type SubAgentStep = Step;

// Built on first use: the step schemas refer to each other (conditional branches hold steps, routes
// hold sub-agent steps), so nothing here may be evaluated while those modules are still loading.
let stepSchema: z.ZodType<Step> | undefined;
function buildStep(): z.ZodType<Step> {
  // The recursive schemas are annotated as ZodType for their static types; at run time they are
  // plain zod objects, which is all discriminatedUnion needs.
  const options = Object.values(STEP_KINDS).map((spec) => spec.schema) as unknown as [typeof UntypedRegularStep, ...(typeof UntypedRegularStep)[]];
  // An untyped step is one more discriminator value (undefined), so its errors are its own.
  const untyped = UntypedRegularStep.extend({ type: z.undefined().optional() });
  const known = z.discriminatedUnion('type', [...options, untyped]);
  return z.union([known, OpaqueStep]) as unknown as z.ZodType<Step>;
}

/**
 * A plan step. A malformed known step fails every branch; `issuesToDetails` then reports the known
 * branch's own field paths.
 */
export const Step: z.ZodType<Step> = z.lazy(() => (stepSchema ??= buildStep()));
export const SubAgentStep: z.ZodType<SubAgentStep> = Step;

/** The kind of a step, `regular` for an untyped step, `unknown` for an opaque one. */
export function stepKind(step: Step): StepKind | 'unknown' {
  const type = step.type ?? 'regular';
  return isKnownStepType(type) ? type : 'unknown';
}

/**
 * Narrows to the known kinds. TypeScript cannot narrow `Step` on `type` alone, because an opaque
 * step's `type` is an arbitrary string, so code that switches on the kind starts here. An untyped
 * step is answered as a regular one (a copy; the plan keeps it untyped).
 */
export function asKnownStep(step: Step): KnownStep | undefined {
  if (step.type === undefined) return { ...step, type: 'regular' } as RegularStep;
  return isKnownStepType(step.type) ? (step as KnownStep) : undefined;
}
