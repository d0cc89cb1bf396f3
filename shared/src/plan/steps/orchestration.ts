import { z } from 'zod';
import { StepBase, optional } from '../common';
import type { Route } from '../step';
import type { WithRoutes } from './delegating';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

/** The orchestrator's own brief: step fields without a required id. */
export const OrchestrationInnerStep = StepBase.extend({ id: optional(z.string()), type: optional(z.string()) });
export type OrchestrationInnerStep = z.infer<typeof OrchestrationInnerStep>;

const OrchestrationStepFields = kindSchema('orchestration', { orchestration_step: optional(OrchestrationInnerStep) });

export type OrchestrationStep = WithRoutes<z.infer<typeof OrchestrationStepFields>, 'orchestration_routes'>;

export const orchestrationKind: StepKindSpec<OrchestrationStep, 'orchestration'> = {
  kind: 'orchestration',
  label: 'Orchestration',
  schema: OrchestrationStepFields,
  generations: ['seed'],
  routes: { field: 'orchestration_routes', delegating: true },
  create: ({ common, delegationRoutes }) => ({
    type: 'orchestration',
    ...common,
    orchestration_step: { description: '', success_criteria: '' },
    orchestration_routes: delegationRoutes(2) as Route[],
  }),
  ...goesOn,
};
