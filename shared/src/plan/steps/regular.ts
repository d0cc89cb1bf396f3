import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { goesOn } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

const regularFields = {
  has_loop: optional(z.boolean()),
  loop_condition: optional(z.string()),
  max_iterations: optional(z.number()),
  /** Newer generations: the step runs its script only, no agent. */
  script_only: optional(z.boolean()),
  next_step_id: NextStepId,
};

export const RegularStep = StepBase.extend({ type: z.literal('regular'), ...regularFields });
export type RegularStep = z.infer<typeof RegularStep>;

/**
 * A step without `type` means `regular` (sub-agent steps in every generation, any step in the
 * oldest files); the type stays omitted on save.
 */
export const UntypedRegularStep = StepBase.extend({ type: z.literal('regular').optional(), ...regularFields });
export type UntypedRegularStep = z.infer<typeof UntypedRegularStep>;

export const regularKind: StepKindSpec<RegularStep, 'regular'> = {
  kind: 'regular',
  label: 'Step',
  schema: RegularStep,
  generations: ['seed', 'loop', 'agentworks', 'agent'],
  create: ({ common }) => ({ type: 'regular', ...common, has_loop: false, loop_condition: '' }),
  ...goesOn,
};
