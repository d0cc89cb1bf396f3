import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Route } from '../route';
import { delegatingStepFields, delegationCheck } from './delegating';
import { nextTarget, type StepKindSpec } from './kind-spec';

const AgentStepBase = StepBase.extend({
  type: z.literal('agent'),
  ...delegatingStepFields,
  next_step_id: NextStepId,
});

/**
 * The newest agentworks kind: message_sequence, orchestrator and todo_task folded into one. It runs
 * its items in order and, with routes, orchestrates them as a todo_task does.
 */
export type AgentStep = z.infer<typeof AgentStepBase> & { predefined_routes?: Route[] | null };
export const AgentStep: z.ZodType<AgentStep> = AgentStepBase.extend({
  predefined_routes: optional(z.array(z.lazy(() => Route))),
});

export const agentKind: StepKindSpec<AgentStep, 'agent'> = {
  kind: 'agent',
  label: 'Agent',
  schema: AgentStep,
  generations: ['agent'],
  requiredFields: { agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  create: ({ common }) => ({ type: 'agent', ...common, items: [{ id: 'item-1', type: 'user_message', message: '' }] }),
  outputs: () => [{ kind: 'next', handle: 'next' }],
  targets: nextTarget,
  check: (step, context) => delegationCheck(step, step.predefined_routes, 'predefined_routes', context, { atLeastOneItem: true }),
};
