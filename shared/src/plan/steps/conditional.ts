import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Step } from '../step';

const ConditionalStepBase = StepBase.extend({
  type: z.literal('conditional'),
  condition_question: optional(z.string()),
  if_true_next_step_id: NextStepId,
  if_false_next_step_id: NextStepId,
  next_step_id: NextStepId,
});

/** Branches hold their own nested steps, which run before the branch's next step id. */
export type ConditionalStep = z.infer<typeof ConditionalStepBase> & {
  if_true_steps?: Step[] | null;
  if_false_steps?: Step[] | null;
};
export const ConditionalStep: z.ZodType<ConditionalStep> = ConditionalStepBase.extend({
  if_true_steps: optional(z.array(z.lazy(() => Step))),
  if_false_steps: optional(z.array(z.lazy(() => Step))),
});
