import { z } from 'zod';
import { optional } from './common';
import { Step } from './step';

/** plan.json: the workflow's structure. Unknown top-level keys (`workflow_optimized`, `run_mode`, ...) are kept. */
export const Plan = z.looseObject({
  objective: optional(z.string()),
  success_criteria: optional(z.string()),
  steps: z.array(Step),
  orphan_steps: optional(z.array(Step)),
});
export type Plan = z.infer<typeof Plan>;
