import { z } from 'zod';
import { optional } from '../plan/common';

export const NextAction = z.enum(['delegate', 'complete', 'continue']);
export type NextAction = z.infer<typeof NextAction>;

/** The TodoTaskResponse fields (docs/formats.md "TodoTaskResponse"), also carried by the route-selected event. */
export const TodoTaskResponseFields = {
  next_action: NextAction,
  selected_route_id: optional(z.string()),
  selected_route_name: optional(z.string()),
  use_generic_agent: optional(z.boolean()),
  todo_id_to_execute: optional(z.string()),
  todo_title: optional(z.string()),
  instructions_to_sub_agent: optional(z.string()),
  success_criteria_for_sub_agent: optional(z.string()),
  selection_reasoning: optional(z.string()),
  all_tasks_complete: optional(z.boolean()),
  progress_summary: optional(z.string()),
  completion_reason: optional(z.string()),
};

/**
 * Recorded with each decision besides the TodoTaskResponse fields: the sub-agent it ran (planvas
 * adds the path) and the model tier the orchestrator asked for (the real system's). The decision
 * log's response and the route-selected event both carry them (docs/formats.md "Events and logs").
 */
export const RecordedDecisionFields = {
  selected_sub_agent_path: optional(z.string()),
  preferred_tier: optional(z.number()),
  preferred_tier_label: optional(z.string()),
};

/**
 * The orchestrator's answer for one turn (docs/formats.md "TodoTaskResponse"), as returned by the
 * `submit_todo_task_result` tool. Loose: a model may add fields; they are kept in the raw JSON view.
 */
export const TodoTaskResponse = z.looseObject(TodoTaskResponseFields).superRefine((value, ctx) => {
  if (value.next_action !== 'delegate') return;
  if (!value.todo_id_to_execute) {
    ctx.addIssue({ code: 'custom', path: ['todo_id_to_execute'], message: 'delegate needs the todo to execute' });
  }
  if (!value.use_generic_agent && !value.selected_route_id) {
    ctx.addIssue({ code: 'custom', path: ['selected_route_id'], message: 'delegate needs a selected_route_id or use_generic_agent: true' });
  }
});
export type TodoTaskResponse = z.infer<typeof TodoTaskResponse>;
