import { z } from 'zod';
import { optional } from '../common';
import { generationTraits } from '../generations';
import { SequenceItem, SequenceMessages } from '../items';
import type { Problem } from '../problems';
import type { Route } from '../step';
import type { CheckContext } from './kind-spec';
import type { AgentStep } from './agent';
import { itemChecks, messageChecks } from './item-checks';
import type { OrchestratorStep } from './orchestrator';
import type { TodoTaskStep } from './todo-task';

/**
 * Fields the orchestrating kinds (todo_task, orchestrator, agent) and message_sequence share in the
 * newer generations: an authored prompt, a system prompt, and items or the older `messages`.
 */
export const delegatingStepFields = {
  /** agentworks: the system prompt is authored (a bool there); kept as written either way. */
  authored_prompt: optional(z.union([z.boolean(), z.string()])),
  system_prompt: optional(z.string()),
  items: optional(z.array(SequenceItem)),
  messages: optional(SequenceMessages),
};

/** A delegating kind's step: its own fields and its routes (which `step.ts` adds to the schema). */
export type WithRoutes<Fields, Field extends 'predefined_routes' | 'orchestration_routes' = 'predefined_routes'> = Fields & {
  [F in Field]?: Route[] | null;
};

/**
 * A step that delegates must have someone to delegate to. Only generations that still have the
 * `enable_generic_agent` switch can say "no routes and no generic agent"; later ones always have
 * the generic agent, so there the check does not apply.
 */
export function delegationCheck(
  step: { id: string; enable_generic_agent?: boolean | null; items?: ReadonlyArray<SequenceItem> | null; messages?: ReadonlyArray<unknown> | null },
  routes: ReadonlyArray<Route> | null | undefined,
  field: string,
  context: CheckContext,
  options: { atLeastOneItem?: boolean } = {},
): Problem[] {
  const problems = [...itemChecks(step, context, { atLeastOne: options.atLeastOneItem ?? false }), ...messageChecks(step, context)];
  if ((routes ?? []).length === 0 && !step.enable_generic_agent && generationTraits(context.generation).genericAgentSwitch) {
    problems.push({
      code: 'todo_task_no_agents',
      severity: 'error',
      path: context.at([field]),
      stepId: step.id,
      message: `"${step.id}" has no predefined routes and the generic agent is off: nothing can do its todos`,
    });
  }
  return problems;
}

/** The kinds that run the todo orchestrator over their predefined routes. */
export type OrchestratingStep = TodoTaskStep | OrchestratorStep | AgentStep;
