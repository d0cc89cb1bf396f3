import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';

export const HumanResponseType = z.enum(['text', 'yesno', 'multiple_choice']);
export type HumanResponseType = z.infer<typeof HumanResponseType>;

export const HumanInputStep = StepBase.extend({
  type: z.literal('human_input'),
  question: optional(z.string()),
  variable_name: optional(z.string()),
  // Unknown response types from newer runtimes are kept rather than rejected.
  response_type: optional(z.string()),
  options: optional(z.array(z.string())),
  next_step_id: NextStepId,
  if_yes_next_step_id: NextStepId,
  if_no_next_step_id: NextStepId,
  /** Keys are an option's 0-based index or its value; values are step ids. */
  option_routes: optional(z.record(z.string(), z.string())),
});
export type HumanInputStep = z.infer<typeof HumanInputStep>;
