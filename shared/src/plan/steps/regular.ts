import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';

export const RegularStep = StepBase.extend({
  type: z.literal('regular'),
  has_loop: optional(z.boolean()),
  loop_condition: optional(z.string()),
  max_iterations: optional(z.number()),
  next_step_id: NextStepId,
});
export type RegularStep = z.infer<typeof RegularStep>;

/** A route's sub-agent step may omit `type`; it then means `regular` (and must stay omitted on save). */
export const UntypedRegularStep = RegularStep.extend({ type: z.literal('regular').optional() });
export type UntypedRegularStep = z.infer<typeof UntypedRegularStep>;
