import { z } from 'zod';
import { NextStepId, StepBase } from '../common';
import { nextTarget, type FlowOutput, type TargetField } from './kind-spec';

/**
 * The schema of a kind whose fields sit between `type` and `next_step_id`, the key order real plans
 * use (a parsed step's keys come out in schema order, so the order is kept on purpose). Fields that
 * hold other steps (a delegating kind's routes, a conditional's branches) are not here: `step.ts`
 * adds them, because they refer back to the step union.
 */
export function kindSchema<K extends string, F extends z.ZodRawShape>(type: K, fields: F) {
  return StepBase.extend({ type: z.literal(type), ...fields, next_step_id: NextStepId });
}

/** The flow of a kind that has one way out: on to its `next_step_id`, else the next step in the list. */
export const goesOn = {
  outputs: (): FlowOutput[] => [{ kind: 'next', handle: 'next' }],
  targets: (step: { next_step_id?: string | null }): TargetField[] => nextTarget(step),
};
