import { z } from 'zod';
import { KNOWN_STEP_TYPES } from '../step-kind-names';

/**
 * A step of a type planvas does not know (a newer runtime's). It is shown and saved as written,
 * never an error that blocks opening the file. The branded `type` keeps TypeScript's narrowing on
 * `step.type === 'todo_task'` exact: an opaque step can never be mistaken for a known kind.
 */
export const OpaqueStep = z.looseObject({
  type: z
    .string()
    .refine((t) => !(KNOWN_STEP_TYPES as readonly string[]).includes(t), {
      message: 'a known step type must match its schema',
      // Aborting makes a malformed known step fail this branch outright, so the union reports
      // the known schema's own field errors instead of this one.
      abort: true,
    })
    .brand<'OpaqueStepType'>(),
  id: z.string().min(1, 'step id must not be empty'),
});
export type OpaqueStep = z.infer<typeof OpaqueStep>;
