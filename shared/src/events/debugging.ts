import { z } from 'zod';
import { optional } from '../plan/common';
import { NextAction, TodoTaskResponseFields } from './todo-task-response';

/**
 * Breakpoints, budgets and pauses of a run (docs/api.md "Breakpoints and step mode"). Breakpoints
 * are planvas' own debugging state: kept per workflow in planvas' state file or passed when a run
 * starts, never written into plan.json.
 */
export const BreakpointOn = z.enum(['before_turn', 'before_delegate', 'todo_created', 'validation_failed', 'budget']);
export type BreakpointOn = z.infer<typeof BreakpointOn>;

export const Breakpoint = z
  .strictObject({
    on: BreakpointOn,
    /** Only this todo_task step; every step without it. */
    stepId: z.string().min(1).optional(),
    /** before_delegate only: only delegations to this route (`generic` for the generic agent). */
    routeId: z.string().min(1).optional(),
    /** todo_created only: only todos whose title contains this text (any case). */
    match: z.string().min(1).optional(),
  })
  .superRefine((bp, ctx) => {
    if (bp.routeId !== undefined && bp.on !== 'before_delegate')
      ctx.addIssue({ code: 'custom', path: ['routeId'], message: 'only before_delegate takes a routeId' });
    if (bp.match !== undefined && bp.on !== 'todo_created') ctx.addIssue({ code: 'custom', path: ['match'], message: 'only todo_created takes a match' });
  });
export type Breakpoint = z.infer<typeof Breakpoint>;

export const Breakpoints = z.array(Breakpoint).max(100);

/** Per run: crossing either pauses the run once (breakpoint `budget`). Cost needs the workspace pricing. */
export const RunBudget = z.strictObject({
  maxTokens: z.number().int().positive().optional(),
  maxCost: z.number().positive().optional(),
});
export type RunBudget = z.infer<typeof RunBudget>;

/** What a paused run's `run_status` says besides `status: paused`. */
export const PauseFields = {
  breakpoint: optional(z.looseObject({ on: z.string(), stepId: optional(z.string()), routeId: optional(z.string()), match: optional(z.string()) })),
  step_id: optional(z.string()),
  iteration: optional(z.number().int().nonnegative()),
  /** before_delegate: the orchestrator's decision about to be carried out (a TodoTaskResponse). */
  pending: optional(z.looseObject(TodoTaskResponseFields)),
  /** todo_created: the titles that matched; budget: the totals that crossed it. */
  todo_titles: optional(z.array(z.string())),
  used: optional(z.looseObject({ tokens: z.number(), costUsd: optional(z.number()) })),
};

/** `decision_overridden`: the user changed a pending decision before it was carried out. */
export const DecisionOverridden = z.looseObject({
  step_id: z.string().min(1),
  iteration: z.number().int().positive(),
  before: z.looseObject(TodoTaskResponseFields),
  after: z.looseObject(TodoTaskResponseFields),
  /** The fields whose value changed. */
  changed: z.array(z.string()),
});
export type DecisionOverridden = z.infer<typeof DecisionOverridden>;

/** Fields of a pending decision a resume may override: the decision's own, none of the record's. */
export const DecisionOverride = z.strictObject({
  next_action: NextAction.optional(),
  selected_route_id: z.string().optional(),
  use_generic_agent: z.boolean().optional(),
  todo_id_to_execute: z.string().optional(),
  instructions_to_sub_agent: z.string().optional(),
  success_criteria_for_sub_agent: z.string().optional(),
  selection_reasoning: z.string().optional(),
  all_tasks_complete: z.boolean().optional(),
  progress_summary: z.string().optional(),
  completion_reason: z.string().optional(),
});
export type DecisionOverride = z.infer<typeof DecisionOverride>;

/** `POST /api/runs/:runId/resume`. `step` runs one orchestrator turn and pauses again. */
export const ResumeBody = z.strictObject({
  mode: z.enum(['continue', 'step']).default('continue'),
  decision: DecisionOverride.optional(),
});
export type ResumeBody = z.infer<typeof ResumeBody>;

/** What a fork's user changed in the state it starts from, against the parent's snapshot. */
export const ForkEdits = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** Ids whose item changed (title, status, depth, …). */
  changed: z.array(z.string()),
  /** The kept todos are in another order. */
  reordered: z.boolean(),
  objective: optional(z.object({ before: z.string().nullable(), after: z.string() })),
});
export type ForkEdits = z.infer<typeof ForkEdits>;
