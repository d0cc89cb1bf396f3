import { z } from 'zod';
import { Breakpoints, RunBudget } from './debugging';
import { TodoItem } from '../todos/schema';
import { ExecutionProvider } from './run';

/** Bodies of the runs API (docs/api.md "Runs"). Strict: a misspelt field is an error, not ignored. */

/** Longest pause the scripted provider may take between actions. */
export const MAX_PACE_MS = 60_000;

export const BranchFrom = z.strictObject({
  runId: z.string().min(1),
  /** The iteration whose snapshot seeds the new run; 0 = the state before the first turn. */
  iteration: z.number().int().nonnegative(),
  /** The todo_task step; needed only when the parent run has several. */
  stepId: z.string().min(1).optional(),
  /** The todo list to start from instead of the snapshot's (edited in the "continue from here" dialog); ids unique. */
  todos: z
    .array(TodoItem)
    .max(10_000)
    .superRefine((todos, ctx) => {
      const seen = new Set<string>();
      todos.forEach((todo, index) => {
        if (seen.has(todo.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `todo id "${todo.id}" is used twice` });
        seen.add(todo.id);
      });
    })
    .optional(),
  /** The objective to start from instead of the snapshot's. */
  objective: z.string().max(20_000).optional(),
});
export type BranchFrom = z.infer<typeof BranchFrom>;

/** A pin: a todo of the recorded run (its id there), a route (`generic` for the generic agent), or both. */
export const ReplayPin = z
  .strictObject({ todoId: z.string().min(1).optional(), routeId: z.string().min(1).optional() })
  .refine((pin) => pin.todoId !== undefined || pin.routeId !== undefined, { message: 'a pin names a todoId, a routeId or both' });
export type ReplayPin = z.infer<typeof ReplayPin>;

export const ReplayRequest = z.strictObject({
  runId: z.string().min(1),
  pin: z.union([z.literal('all'), z.array(ReplayPin).min(1).max(1000)]),
  /** Fail the run where it diverges from the recording, instead of running that delegation live. */
  strict: z.boolean().optional(),
});
export type ReplayRequest = z.infer<typeof ReplayRequest>;

export const StartRunBody = z.strictObject({
  provider: ExecutionProvider.optional(),
  paceMs: z.number().int().min(0).max(MAX_PACE_MS).optional(),
  from: BranchFrom.optional(),
  /** learn_code `fast_path_only`: no orchestrator fallback, a failing script is a hard error. */
  fastPathOnly: z.boolean().optional(),
  /** Where the run pauses, besides the workflow's saved breakpoints (docs/api.md "Breakpoints and step mode"). */
  breakpoints: Breakpoints.optional(),
  /** Crossing it pauses the run once (cost needs the workspace pricing). */
  budget: RunBudget.optional(),
  /** Reuse an earlier run's sub-agent results for the pinned todos and routes (docs/api.md "Pin and replay"). */
  replay: ReplayRequest.optional(),
});
export type StartRunBody = z.infer<typeof StartRunBody>;

export const CreateExternalRunBody = z.strictObject({ workflowId: z.string().min(1) });
export type CreateExternalRunBody = z.infer<typeof CreateExternalRunBody>;

/** An answer: free text, `yes`/`no` (or a boolean), or an option's 0-based index or its text. */
export const HumanInputBody = z.strictObject({ answer: z.union([z.string(), z.number().int().nonnegative(), z.boolean()]) });
export type HumanInputBody = z.infer<typeof HumanInputBody>;

export const ObjectiveBody = z.strictObject({
  objective: z.string().max(10_000),
  /** The todo_task step whose objective changes; defaults to the one running now. */
  stepId: z.string().min(1).optional(),
});
export type ObjectiveBody = z.infer<typeof ObjectiveBody>;

/** Import a decision log: the workflow's own `logs/<stepId>/todo-task-execution.json`, or posted text. */
export const ImportRunBody = z
  .strictObject({ stepId: z.string().min(1).optional(), text: z.string().min(1).optional() })
  .refine((b) => b.stepId !== undefined || b.text !== undefined, { message: "give stepId (read the workflow's log) or text (the JSON Lines)" });
export type ImportRunBody = z.infer<typeof ImportRunBody>;

/** learn_code scripts: `POST ${MCP_API_URL}/tools/custom/call_sub_agent` (docs/formats.md "learn_code fast path"). */
export const CallSubAgentBody = z.looseObject({
  route_id: z.string().min(1),
  todo_id: z.string().min(1),
  instructions: z.string(),
});
export type CallSubAgentBody = z.infer<typeof CallSubAgentBody>;
