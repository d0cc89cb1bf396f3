import { z } from 'zod';
import { ConditionalStep } from './steps/conditional';
import { DecisionStep } from './steps/decision';
import { HumanInputStep } from './steps/human-input';
import { OpaqueStep } from './steps/opaque';
import { OrchestrationStep } from './steps/orchestration';
import { RegularStep, UntypedRegularStep } from './steps/regular';
import { RoutingStep } from './steps/routing';
import { TodoTaskStep } from './steps/todo-task';
import { isKnownStepType, type StepKind } from './step-kinds';

export type KnownStep =
  | RegularStep
  | TodoTaskStep
  | OrchestrationStep
  | RoutingStep
  | ConditionalStep
  | DecisionStep
  | HumanInputStep;
export type Step = KnownStep | OpaqueStep;
/** A route's private step; `type` may be omitted, meaning `regular`. */
export type SubAgentStep = Step | UntypedRegularStep;

// Built on first use: the step schemas refer to each other (conditional branches hold steps, routes
// hold sub-agent steps), so nothing here may be evaluated while those modules are still loading.
let knownStep: z.ZodType<KnownStep> | undefined;
function buildKnownStep(): z.ZodType<KnownStep> {
  // The recursive schemas are annotated as ZodType for their static types; at run time they are
  // plain zod objects, which is all discriminatedUnion needs.
  const options = [
    RegularStep,
    TodoTaskStep,
    OrchestrationStep,
    RoutingStep,
    ConditionalStep,
    DecisionStep,
    HumanInputStep,
  ] as unknown as [typeof RegularStep, ...(typeof RegularStep)[]];
  return z.discriminatedUnion('type', options) as unknown as z.ZodType<KnownStep>;
}

/**
 * A plan step: one of the known kinds, else an opaque step kept as written. A malformed known step
 * fails both branches; `issuesToDetails` then reports the known branch's own field paths.
 */
export const Step: z.ZodType<Step> = z.lazy(() => z.union([(knownStep ??= buildKnownStep()), OpaqueStep]));

export const SubAgentStep: z.ZodType<SubAgentStep> = z.lazy(() => z.union([UntypedRegularStep, Step]));

/** The kind of a step, `regular` for an untyped sub-agent step, `unknown` for an opaque one. */
export function stepKind(step: SubAgentStep): StepKind | 'unknown' {
  const type = step.type ?? 'regular';
  return isKnownStepType(type) ? type : 'unknown';
}

/**
 * Narrows to the known kinds. TypeScript cannot narrow `Step` on `type` alone, because an opaque
 * step's `type` is an arbitrary string, so code that switches on the kind starts here.
 */
export function asKnownStep(step: SubAgentStep): KnownStep | undefined {
  if (step.type === undefined) return { ...step, type: 'regular' } as RegularStep;
  return isKnownStepType(step.type) ? (step as KnownStep) : undefined;
}
