import { z } from 'zod';
import { optional } from '../plan/common';
import { TodoItem, TodoSummary } from '../todos/schema';
import { RunStatus } from './run';
import { RecordedDecisionFields, TodoTaskResponseFields } from './todo-task-response';
import { DecisionOverridden, ForkEdits, PauseFields } from './debugging';
import { LlmUsage } from './usage-schema';

/**
 * Payloads of the events planvas stores and streams (docs/api.md "Event envelope"). The todo_task
 * events keep the field names of the system planvas mirrors (docs/formats.md "Events and logs");
 * planvas adds `iteration` to the item events. Every payload is loose so an external runtime's
 * extra fields (trace ids, hierarchy_level, ...) survive.
 */

/** The base part the real system sends on every event (docs/formats.md "Events and logs"). */
export const EventBaseFields = {
  timestamp: optional(z.string()),
  trace_id: optional(z.string()),
  span_id: optional(z.string()),
  event_id: optional(z.string()),
  parent_id: optional(z.string()),
  correlation_id: optional(z.string()),
  hierarchy_level: optional(z.number()),
  session_id: optional(z.string()),
};

const StepRef = {
  ...EventBaseFields,
  /** 0-based in events (the decision log's is 1-based). */
  step_index: z.number().int().nonnegative(),
  step_path: z.string(),
  step_id: z.string().min(1),
};

const Iteration = z.number().int().positive();

/** The fields of an event about one step: the base part and that step's id. */
const StepEventFields = {
  ...EventBaseFields,
  step_id: z.string().min(1),
};

/** The fields of an event about one item of a todo_task step's list (the seed's fields, planvas' iteration). */
const TodoItemEventFields = {
  ...StepRef,
  iteration: optional(Iteration),
  todo_id: z.string().min(1),
};

export const TodoTaskRouteSelected = z.looseObject({
  ...StepRef,
  step_title: optional(z.string()),
  iteration: Iteration,
  ...TodoTaskResponseFields,
  ...RecordedDecisionFields,
  model: optional(z.string()),
  todo_summary: optional(TodoSummary),
  /** Set by a decision-log import when the line had no iteration (counted as 1). */
  iteration_inferred: optional(z.boolean()),
});
export type TodoTaskRouteSelected = z.infer<typeof TodoTaskRouteSelected>;

export const TodoTaskItemCreated = z.looseObject({
  ...TodoItemEventFields,
  title: z.string(),
  description: optional(z.string()),
  priority: optional(z.string()),
  created_by: optional(z.string()),
  status: optional(z.string()),
  assigned_agent: optional(z.string()),
  depth: optional(z.number().int().nonnegative()),
});
export type TodoTaskItemCreated = z.infer<typeof TodoTaskItemCreated>;

export const TodoTaskItemUpdated = z.looseObject({
  ...TodoItemEventFields,
  title: optional(z.string()),
  old_status: z.string(),
  new_status: z.string(),
  notes: optional(z.string()),
  updated_by: optional(z.string()),
});
export type TodoTaskItemUpdated = z.infer<typeof TodoTaskItemUpdated>;

export const TodoTaskItemCompleted = z.looseObject({
  ...TodoItemEventFields,
  title: optional(z.string()),
  result: optional(z.string()),
  completed_by: optional(z.string()),
});
export type TodoTaskItemCompleted = z.infer<typeof TodoTaskItemCompleted>;

export const TodoTaskStepCompleted = z.looseObject({
  ...StepRef,
  step_title: optional(z.string()),
  total_iterations: z.number().int().nonnegative(),
  total_todos_count: z.number().int().nonnegative(),
  completed_count: z.number().int().nonnegative(),
  completion_reason: optional(z.string()),
  next_step_id: optional(z.string()),
});
export type TodoTaskStepCompleted = z.infer<typeof TodoTaskStepCompleted>;

/** The statuses a step shows on the canvas (docs/api.md "Event envelope", `step_status`). */
export const StepStatus = z.enum(['pending', 'running', 'executing', 'evaluating', 'orchestrating', 'completed', 'failed']);
export type StepStatus = z.infer<typeof StepStatus>;

/**
 * A step changed status. For a sub-agent, `parent_step_id` and `route_id` name the todo_task (or
 * orchestration) step and the route being delegated to, so the canvas can highlight that edge;
 * the generic agent has `step_id` `<parent>-generic` and `route_id` `generic`.
 */
export const StepStatusChanged = z.looseObject({
  ...StepEventFields,
  status: StepStatus,
  step_type: optional(z.string()),
  step_index: optional(z.number().int().nonnegative()),
  step_path: optional(z.string()),
  step_title: optional(z.string()),
  parent_step_id: optional(z.string()),
  route_id: optional(z.string()),
  todo_id: optional(z.string()),
  iteration: optional(Iteration),
  reason: optional(z.string()),
  /** On a branched run's first statuses: the step completed in this run (the parent) before the branch point, and is not run again. */
  carried_over_from: optional(z.string()),
  /** A sub-agent whose result was reused from a recorded run (a replay's pinned delegation): no model was called. */
  replayed: optional(z.boolean()),
});
export type StepStatusChanged = z.infer<typeof StepStatusChanged>;

export const RunStatusChanged = z.looseObject({
  ...EventBaseFields,
  status: RunStatus,
  reason: optional(z.string()),
  workflow_id: optional(z.string()),
  provider: optional(z.string()),
  /** Set on the first event of a branched run. */
  parent: optional(z.object({ run_id: z.string(), iteration: z.number().int().nonnegative(), step_id: optional(z.string()) })),
  ...PauseFields,
});
export type RunStatusChanged = z.infer<typeof RunStatusChanged>;

/** The changes since the previous snapshot of the same step (see TodoSnapshot). */
export const TodoSnapshotDelta = z.looseObject({
  /** Iteration of the snapshot this one builds on (informational: deltas apply in stored order). */
  base_iteration: z.number().int().nonnegative(),
  /** Items added or changed since then, whole. */
  changed: z.array(TodoItem),
  /** The complete id order, present only when items were added, removed or moved. */
  ids: optional(z.array(z.string())),
});
export type TodoSnapshotDelta = z.infer<typeof TodoSnapshotDelta>;

/**
 * The todo list and objective of a todo_task step as they were at the end of an iteration, so any
 * iteration can be shown later exactly as it was and a run can be branched from it. `iteration` 0
 * is the state before the first turn (a fresh, seeded or resumed list).
 *
 * Either `todos` holds the whole list (always for lists of up to FULL_SNAPSHOT_MAX_TODOS items, and
 * at least every SNAPSHOT_KEYFRAME_EVERY snapshots), or `delta` holds what changed since the
 * previous snapshot of the step: a 1,000-todo run then stores a few hundred bytes per iteration
 * instead of the whole list. Read snapshots through `todoStateAt` / `materializeTodoSnapshots`,
 * which handle both forms.
 */
export const TodoSnapshot = z
  .looseObject({
    ...StepEventFields,
    step_path: optional(z.string()),
    iteration: z.number().int().nonnegative(),
    objective: optional(z.string()),
    summary: optional(TodoSummary),
    /** Why this snapshot exists besides the end of a turn: `initial`, `resumed`, `seeded`, `learn_code_fallback`. */
    reason: optional(z.string()),
    seeded_from: optional(z.object({ run_id: z.string(), iteration: z.number().int().nonnegative() })),
    /** A branch started from an edited state ("continue from here" with changes): what the user changed. */
    edited: optional(ForkEdits),
    todos: optional(z.array(TodoItem)),
    delta: optional(TodoSnapshotDelta),
  })
  .refine((s) => (s.todos != null) !== (s.delta != null), { message: 'a todo snapshot holds either todos (the whole list) or delta', path: ['todos'] });
export type TodoSnapshot = z.infer<typeof TodoSnapshot>;

export const ObjectiveUpdated = z.looseObject({
  ...EventBaseFields,
  objective: z.string(),
  previous: optional(z.string()),
  step_id: optional(z.string()),
  iteration: optional(z.number().int().nonnegative()),
  updated_by: optional(z.string()),
});
export type ObjectiveUpdated = z.infer<typeof ObjectiveUpdated>;

export const HumanInputRequested = z.looseObject({
  ...StepEventFields,
  question: z.string(),
  response_type: optional(z.string()),
  options: optional(z.array(z.string())),
  variable_name: optional(z.string()),
});
export type HumanInputRequested = z.infer<typeof HumanInputRequested>;

export const HumanInputAnswered = z.looseObject({
  ...StepEventFields,
  answer: z.string(),
  variable_name: optional(z.string()),
  /** The flow handle the answer chose: `yes`, `no`, `option-<i>` or `next`. */
  handle: optional(z.string()),
  next_step_id: optional(z.string()),
});
export type HumanInputAnswered = z.infer<typeof HumanInputAnswered>;

/** A routing / conditional / decision step chose a branch. */
export const BranchTaken = z.looseObject({
  ...StepEventFields,
  step_type: z.string(),
  handle: z.string(),
  choice: z.string(),
  next_step_id: z.string(),
  reason: optional(z.string()),
});
export type BranchTaken = z.infer<typeof BranchTaken>;

export const ValidationProblem = z.object({ file: z.string(), path: optional(z.string()), message: z.string() });
export type ValidationProblem = z.infer<typeof ValidationProblem>;

export const ValidationResult = z.looseObject({
  ...StepEventFields,
  passed: z.boolean(),
  problems: z.array(ValidationProblem),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

export const LearningRecorded = z.looseObject({
  ...StepEventFields,
  route_id: z.string(),
  sub_agent_step_id: z.string(),
  file: z.string(),
});
export type LearningRecorded = z.infer<typeof LearningRecorded>;

export const LearnCodeResult = z.looseObject({
  ...StepEventFields,
  outcome: z.enum(['success', 'failed', 'skipped']),
  script: optional(z.string()),
  exit_code: optional(z.number().int().nullable()),
  reason: optional(z.string()),
  /** True when the normal orchestrator takes over with a fresh start. */
  fallback: z.boolean(),
  stderr_tail: optional(z.string()),
});
export type LearnCodeResult = z.infer<typeof LearnCodeResult>;

export const RunErrorKind = z.enum([
  'sub_agent',
  'replay_diverged',
  'timeout',
  'provider',
  'learn_code',
  'validation',
  'max_turns',
  'step_cap',
  'cancelled',
  'unsupported_step',
  'internal',
]);
export type RunErrorKind = z.infer<typeof RunErrorKind>;

export const RunError = z.looseObject({
  ...EventBaseFields,
  kind: RunErrorKind,
  message: z.string(),
  step_id: optional(z.string()),
  iteration: optional(Iteration),
});
export type RunError = z.infer<typeof RunError>;

/**
 * An item of a message_sequence (or routeless agent) step started or completed (docs/api.md "Event
 * envelope"). `iteration` counts the runs of a foreach item; `simulated` marks scripted items,
 * whose work planvas has the agent do.
 */
export const SequenceItemProgress = z.looseObject({
  ...StepEventFields,
  item_id: z.string(),
  item_type: z.string(),
  index: z.number().int().nonnegative(),
  status: z.enum(['started', 'completed']),
  iteration: optional(Iteration),
  simulated: optional(z.boolean()),
});
export type SequenceItemProgress = z.infer<typeof SequenceItemProgress>;

/** A branch step picked its route by value: `value_path` read in `source` (route_source_file), matched in value_cases. */
export const BranchValuePicked = z.looseObject({
  ...StepEventFields,
  value: z.string(),
  route_id: z.string(),
  source: z.string(),
});
export type BranchValuePicked = z.infer<typeof BranchValuePicked>;

/** A crew step: planvas cannot call an external crew, so it says the call is simulated and has the agent do the step. */
export const CrewCallSimulated = z.looseObject({
  ...StepEventFields,
  simulated: z.boolean(),
  crew_profile_id: optional(z.string()),
  crew_project_id: optional(z.string()),
  trigger_id: optional(z.string()),
  timeout_seconds: z.number(),
});
export type CrewCallSimulated = z.infer<typeof CrewCallSimulated>;

/**
 * Schemas of every event type planvas emits or reads, by name: the docs/api.md "Event envelope" table.
 * Any other type is an external runtime's own, stored as sent (see `UnknownEvent`).
 */
export const EVENT_SCHEMAS = {
  todo_task_route_selected: TodoTaskRouteSelected,
  todo_task_item_created: TodoTaskItemCreated,
  todo_task_item_updated: TodoTaskItemUpdated,
  todo_task_item_completed: TodoTaskItemCompleted,
  todo_task_step_completed: TodoTaskStepCompleted,
  step_status: StepStatusChanged,
  run_status: RunStatusChanged,
  todo_snapshot: TodoSnapshot,
  objective_updated: ObjectiveUpdated,
  human_input_requested: HumanInputRequested,
  human_input_answered: HumanInputAnswered,
  branch_taken: BranchTaken,
  validation_result: ValidationResult,
  learning_recorded: LearningRecorded,
  learn_code_result: LearnCodeResult,
  run_error: RunError,
  sequence_item: SequenceItemProgress,
  branch_value: BranchValuePicked,
  crew_call: CrewCallSimulated,
  llm_usage: LlmUsage,
  decision_overridden: DecisionOverridden,
} as const;
export type KnownEventType = keyof typeof EVENT_SCHEMAS;
export type EventPayloads = { [K in KnownEventType]: z.infer<(typeof EVENT_SCHEMAS)[K]> };

export const KNOWN_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as KnownEventType[];

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, type);
}

/**
 * An event of a known type before it is stored (the envelope adds `seq` and `timestamp`): what
 * planvas itself emits. A discriminated union on `type`, so a misspelt type or a payload field of
 * the wrong type fails to compile.
 */
export type EventInput<K extends KnownEventType = KnownEventType> = { [T in K]: { type: T; data: EventPayloads[T] } }[K];

/** The seed's item events, derived by diffing the todo list. */
export const TODO_ITEM_EVENT_TYPES = ['todo_task_item_created', 'todo_task_item_updated', 'todo_task_item_completed'] as const;
export type TodoItemEventType = (typeof TODO_ITEM_EVENT_TYPES)[number];
export function isTodoItemEventType(type: string): type is TodoItemEventType {
  return (TODO_ITEM_EVENT_TYPES as readonly string[]).includes(type);
}
