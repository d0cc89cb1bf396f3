import type { DecisionOverride, Plan, RunStatusChanged, TodoItem } from '@planvas/shared';
import { findStep, hasGenericAgent, detectGeneration, runsTodoOrchestrator, type Step } from '@planvas/shared';

/** What the pending-decision form edits: who gets which todo, with what instructions. */
export type DecisionDraft = { routeId: string; todoId: string; instructions: string };

type Pending = NonNullable<RunStatusChanged['pending']>;

/** The draft a pending decision starts the form with (`generic` for the generic agent). */
export function draftOf(pending: Pending): DecisionDraft {
  return {
    routeId: pending.use_generic_agent ? 'generic' : (pending.selected_route_id ?? ''),
    todoId: pending.todo_id_to_execute ?? '',
    instructions: pending.instructions_to_sub_agent ?? '',
  };
}

/** Only what the user changed, as the resume's `decision` (undefined when nothing changed). */
export function overrideOf(pending: Pending, draft: DecisionDraft): DecisionOverride | undefined {
  const before = draftOf(pending);
  const override: DecisionOverride = {};
  if (draft.routeId !== before.routeId) {
    if (draft.routeId === 'generic') override.use_generic_agent = true;
    else Object.assign(override, { selected_route_id: draft.routeId, use_generic_agent: false });
  }
  if (draft.todoId !== before.todoId) override.todo_id_to_execute = draft.todoId;
  if (draft.instructions !== before.instructions) override.instructions_to_sub_agent = draft.instructions;
  return Object.keys(override).length > 0 ? override : undefined;
}

/** The routes the paused step can delegate to (its predefined routes, and `generic` when it runs the generic agent). */
export function routeChoices(plan: Plan | undefined, stepId: string): Array<{ id: string; label: string }> {
  const step = plan ? findStep(plan, stepId)?.step : undefined;
  if (!plan || !step || !runsTodoOrchestrator(step as Step)) return [];
  const orchestrating = step as Step & { predefined_routes?: Array<{ route_id: string; route_name?: string | null }> };
  const routes = (orchestrating.predefined_routes ?? []).map((r) => ({ id: r.route_id, label: r.route_name || r.route_id }));
  return hasGenericAgent(orchestrating as never, detectGeneration(plan).generation) ? [...routes, { id: 'generic', label: 'Generic agent' }] : routes;
}

/** The todos a delegation may take: those not completed, in list order. */
export function todoChoices(todos: ReadonlyArray<TodoItem>): Array<{ id: string; label: string }> {
  return todos.filter((t) => t.status !== 'completed').map((t) => ({ id: t.id, label: t.title || t.id }));
}
