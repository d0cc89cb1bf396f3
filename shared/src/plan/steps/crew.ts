import { z } from 'zod';
import { optional } from '../common';
import { goesOn, kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

/** A step run by an external crew (agentworks): planvas only knows whom it triggers and how long it waits. */
export const CrewStep = kindSchema('crew', {
  crew_profile_id: optional(z.string()),
  crew_project_id: optional(z.string()),
  trigger_id: optional(z.string()),
  instruction: optional(z.string()),
  timeout_seconds: optional(z.number()),
});
export type CrewStep = z.infer<typeof CrewStep>;

export const crewKind: StepKindSpec<CrewStep, 'crew'> = {
  kind: 'crew',
  label: 'Crew',
  schema: CrewStep,
  generations: ['agentworks', 'agent'],
  requiredFields: {
    agentworks: ['title', 'crew_profile_id', 'crew_project_id', 'trigger_id', 'instruction'],
    agent: ['title', 'crew_profile_id', 'crew_project_id', 'trigger_id', 'instruction'],
  },
  create: ({ common }) => ({ type: 'crew', ...common, crew_profile_id: '', crew_project_id: '', trigger_id: '', instruction: '', timeout_seconds: 600 }),
  ...goesOn,
  // validateCrewStepFieldsTyped (agentworks).
  check: (step, context) =>
    typeof step.timeout_seconds === 'number' && step.timeout_seconds < 0
      ? [
          {
            code: 'invalid_value',
            severity: 'error',
            path: context.at(['timeout_seconds']),
            stepId: step.id,
            message: `"${step.id}" waits ${step.timeout_seconds} s for its crew; timeout_seconds must be 0 (the default, 1800 s) or more`,
          },
        ]
      : [],
};
