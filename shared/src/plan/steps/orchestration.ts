import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Route } from '../route';
import { nextTarget, type StepKindSpec } from './kind-spec';

/** The orchestrator's own brief: step fields without a required id. */
export const OrchestrationInnerStep = StepBase.extend({ id: optional(z.string()), type: optional(z.string()) });
export type OrchestrationInnerStep = z.infer<typeof OrchestrationInnerStep>;

const OrchestrationStepBase = StepBase.extend({
  type: z.literal('orchestration'),
  orchestration_step: optional(OrchestrationInnerStep),
  next_step_id: NextStepId,
});

export type OrchestrationStep = z.infer<typeof OrchestrationStepBase> & { orchestration_routes?: Route[] | null };
export const OrchestrationStep: z.ZodType<OrchestrationStep> = OrchestrationStepBase.extend({
  orchestration_routes: optional(z.array(z.lazy(() => Route))),
});

export const orchestrationKind: StepKindSpec<OrchestrationStep, 'orchestration'> = {
  kind: 'orchestration',
  label: 'Orchestration',
  schema: OrchestrationStep,
  generations: ['seed'],
  routes: { field: 'orchestration_routes', delegating: true },
  create: ({ common, delegationRoutes }) => ({
    type: 'orchestration',
    ...common,
    orchestration_step: { description: '', success_criteria: '' },
    orchestration_routes: delegationRoutes(2) as Route[],
  }),
  outputs: () => [{ kind: 'next', handle: 'next' }],
  targets: nextTarget,
};
