import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { Route } from '../route';

const TodoTaskStepBase = StepBase.extend({
  type: z.literal('todo_task'),
  enable_generic_agent: optional(z.boolean()),
  next_step_id: NextStepId,
});

/** Flat todo_task (seed 001). The legacy nested `todo_task_step` is promoted away before parsing. */
export type TodoTaskStep = z.infer<typeof TodoTaskStepBase> & { predefined_routes?: Route[] | null };
export const TodoTaskStep: z.ZodType<TodoTaskStep> = TodoTaskStepBase.extend({
  predefined_routes: optional(z.array(z.lazy(() => Route))),
});
