import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { truthOutputs, truthTargets } from './conditional';
import type { StepKindSpec } from './kind-spec';

export const DecisionStep = StepBase.extend({
  type: z.literal('decision'),
  decision_evaluation_question: optional(z.string()),
  if_true_next_step_id: NextStepId,
  if_false_next_step_id: NextStepId,
  next_step_id: NextStepId,
});
export type DecisionStep = z.infer<typeof DecisionStep>;

export const decisionKind: StepKindSpec<DecisionStep, 'decision'> = {
  kind: 'decision',
  label: 'Decision',
  schema: DecisionStep,
  generations: ['seed'],
  create: ({ common }) => ({ type: 'decision', ...common, decision_evaluation_question: '' }),
  outputs: truthOutputs,
  targets: truthTargets,
};
