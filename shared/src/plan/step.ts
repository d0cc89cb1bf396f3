import { z } from 'zod';
import { optional } from './common';
import { isKnownStepType, type StepKind } from './step-kind-names';
import { STEP_KINDS, type StepOfKind } from './step-kinds';
import { OpaqueStep } from './steps/opaque';
import { UntypedRegularStep, type RegularStep } from './steps/regular';

/** A step of one of the known kinds, `type` set. */
export type KnownStep = StepOfKind[StepKind];
/**
 * A plan step: a known kind, an untyped step (which means `regular`: every sub-agent step may omit
 * `type`, and the oldest files omit it everywhere), or an opaque step kept as written.
 */
export type Step = KnownStep | UntypedRegularStep | OpaqueStep;
/** A route's private step; the same shapes as any step. */
export type SubAgentStep = Step;

const RouteFields = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  // Shape varies between runtimes (string, list, object); kept as written. The newest writers drop it.
  context_to_pass: optional(z.unknown()),
  /** Newer generations: the id of a shared step in `orphan_steps`, instead of an inline sub-agent step. */
  orphan_step_ref: optional(z.string()),
});

/** A delegating step's route: runs a private sub-agent step, or a shared orphan step by reference. */
export type Route = z.infer<typeof RouteFields> & { sub_agent_step?: SubAgentStep | null };

// The plan schema is recursive (a route holds a sub-agent step; a delegating step holds routes; a
// conditional holds steps). This module is the one that closes the loop: the kind modules declare
// their own fields only, and the fields that hold steps or routes are added here, lazily, so no kind
// module imports the union back.
export const Route: z.ZodType<Route> = RouteFields.extend({
  sub_agent_step: optional(z.lazy(() => Step)),
});

let stepSchema: z.ZodType<Step> | undefined;
function buildStep(): z.ZodType<Step> {
  const options = Object.values(STEP_KINDS).map((spec) => {
    const nested: Record<string, z.ZodType> = {};
    if (spec.routes?.delegating) nested[spec.routes.field] = optional(z.array(z.lazy(() => Route)));
    for (const field of spec.stepLists ?? []) nested[field] = optional(z.array(z.lazy(() => Step)));
    return spec.schema.extend(nested);
  }) as unknown as [typeof UntypedRegularStep, ...(typeof UntypedRegularStep)[]];
  // An untyped step is one more discriminator value (undefined), so its errors are its own.
  const untyped = UntypedRegularStep.extend({ type: z.undefined().optional() });
  const known = z.discriminatedUnion('type', [...options, untyped]);
  return z.union([known, OpaqueStep]) as unknown as z.ZodType<Step>;
}

/**
 * A plan step. A malformed known step fails every branch; `issuesToDetails` then reports the known
 * branch's own field paths. Built on first use, once every kind module has loaded.
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
