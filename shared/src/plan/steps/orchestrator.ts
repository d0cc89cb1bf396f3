import type { z } from 'zod';
import type { Route } from '../step';
import { delegatingStepFields, delegationCheck, type WithRoutes } from './delegating';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

const OrchestratorStepFields = kindSchema('orchestrator', delegatingStepFields);

/** agentworks' name for the todo_task orchestrator: the same todo loop over `predefined_routes`. */
export type OrchestratorStep = WithRoutes<z.infer<typeof OrchestratorStepFields>>;

export const orchestratorKind: StepKindSpec<OrchestratorStep, 'orchestrator'> = {
  kind: 'orchestrator',
  label: 'Orchestrator',
  schema: OrchestratorStepFields,
  generations: ['agentworks', 'agent'],
  renamedIn: { agent: 'agent' },
  requiredFields: { agentworks: ['description', 'next_step_id'], agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common, delegationRoutes }) => ({ type: 'orchestrator', ...common, predefined_routes: delegationRoutes(1) as Route[] }),
  ...goesOn,
  check: (step, context) => delegationCheck(step, step.predefined_routes, 'predefined_routes', context),
};
