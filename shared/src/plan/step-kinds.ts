/** The step kinds planvas understands; everything else is an opaque step. */
export const KNOWN_STEP_TYPES = [
  'regular',
  'todo_task',
  'orchestration',
  'routing',
  'conditional',
  'decision',
  'human_input',
] as const;
export type StepKind = (typeof KNOWN_STEP_TYPES)[number];

export function isKnownStepType(type: unknown): type is StepKind {
  return typeof type === 'string' && (KNOWN_STEP_TYPES as readonly string[]).includes(type);
}
