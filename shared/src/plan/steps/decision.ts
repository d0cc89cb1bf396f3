import { z } from 'zod';
import { optional } from '../common';
import { truthFields, truthOutputs, truthTargets } from './conditional';
import { kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

export const DecisionStep = kindSchema('decision', { decision_evaluation_question: optional(z.string()), ...truthFields });
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
