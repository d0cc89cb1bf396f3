import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Route } from '../route';
import { delegatingStepFields, delegationCheck } from './delegating';
import { nextTarget, type StepKindSpec } from './kind-spec';

const OrchestratorStepBase = StepBase.extend({
  type: z.literal('orchestrator'),
  ...delegatingStepFields,
  next_step_id: NextStepId,
});

/** agentworks' name for the todo_task orchestrator: the same todo loop over `predefined_routes`. */
export type OrchestratorStep = z.infer<typeof OrchestratorStepBase> & { predefined_routes?: Route[] | null };
export const OrchestratorStep: z.ZodType<OrchestratorStep> = OrchestratorStepBase.extend({
  predefined_routes: optional(z.array(z.lazy(() => Route))),
});

export const orchestratorKind: StepKindSpec<OrchestratorStep, 'orchestrator'> = {
  kind: 'orchestrator',
  label: 'Orchestrator',
  schema: OrchestratorStep,
  generations: ['agentworks', 'agent'],
  renamedIn: { agent: 'agent' },
  requiredFields: { agentworks: ['description', 'next_step_id'], agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common, delegationRoutes }) => ({ type: 'orchestrator', ...common, predefined_routes: delegationRoutes(1) as Route[] }),
  outputs: () => [{ kind: 'next', handle: 'next' }],
  targets: nextTarget,
  check: (step, context) => delegationCheck(step, step.predefined_routes, 'predefined_routes', context),
};
