import { z } from 'zod';
import { optional } from '../common';
import { generationTraits } from '../generations';
import type { Route } from '../step';
import { delegatingStepFields, delegationCheck, type WithRoutes } from './delegating';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

const TodoTaskStepFields = kindSchema('todo_task', { enable_generic_agent: optional(z.boolean()), ...delegatingStepFields });

/**
 * Flat todo_task (docs/formats.md "The todo_task step"). The legacy nested `todo_task_step` is
 * promoted away before parsing ("Migrating old plans").
 */
export type TodoTaskStep = WithRoutes<z.infer<typeof TodoTaskStepFields>>;

export const todoTaskKind: StepKindSpec<TodoTaskStep, 'todo_task'> = {
  kind: 'todo_task',
  label: 'Todo Task',
  schema: TodoTaskStepFields,
  // agentworks reads `todo_task` as a legacy alias of `orchestrator`, its newest release as `agent`
  // (parseStepFromJSON in both); their writers then write the new name.
  generations: ['seed', 'loop', 'agentworks', 'agent'],
  renamedIn: { agentworks: 'orchestrator', agent: 'agent' },
  requiredFields: { loop: ['description', 'next_step_id'], agentworks: ['description', 'next_step_id'], agent: ['title', 'description'] },
  routes: { field: 'predefined_routes', delegating: true },
  genericAgentSwitch: true,
  // One route, so the todo_task has something to delegate to; the generic agent off where the
  // generation has the switch (later ones dropped the field and always have the generic agent).
  create: ({ common, delegationRoutes, generation }) => ({
    type: 'todo_task',
    ...common,
    predefined_routes: delegationRoutes(1) as Route[],
    ...(generationTraits(generation).genericAgentSwitch ? { enable_generic_agent: false } : {}),
  }),
  ...goesOn,
  check: (step, context) => delegationCheck(step, step.predefined_routes, 'predefined_routes', context),
};
