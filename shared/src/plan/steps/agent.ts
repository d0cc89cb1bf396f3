import type { z } from 'zod';
import { delegatingStepFields, delegationCheck, type WithRoutes } from './delegating';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

const AgentStepFields = kindSchema('agent', delegatingStepFields);

/**
 * The newest agentworks kind: message_sequence, orchestrator and todo_task folded into one. It runs
 * its items in order and, with routes, orchestrates them as a todo_task does.
 */
export type AgentStep = WithRoutes<z.infer<typeof AgentStepFields>>;

export const agentKind: StepKindSpec<AgentStep, 'agent'> = {
  kind: 'agent',
  label: 'Agent',
  schema: AgentStepFields,
  generations: ['agent'],
  requiredFields: { agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common }) => ({ type: 'agent', ...common, items: [{ id: 'item-1', type: 'user_message', message: '' }] }),
  ...goesOn,
  check: (step, context) => delegationCheck(step, step.predefined_routes, 'predefined_routes', context, { atLeastOneItem: true }),
};
