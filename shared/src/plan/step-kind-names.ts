/**
 * The names of the step kinds planvas understands, in the palette's order. A leaf module: the
 * opaque step's schema needs the names before the kind registry (`step-kinds.ts`) can load, and
 * `step-kinds.ts` checks that its table has exactly these keys.
 */
export const KNOWN_STEP_TYPES = [
  'regular',
  'todo_task',
  'orchestrator',
  'agent',
  'message_sequence',
  'routing',
  'branch',
  'human_input',
  'crew',
  'orchestration',
  'conditional',
  'decision',
] as const;

export type StepKind = (typeof KNOWN_STEP_TYPES)[number];

export function isKnownStepType(type: unknown): type is StepKind {
  return typeof type === 'string' && (KNOWN_STEP_TYPES as readonly string[]).includes(type);
}
