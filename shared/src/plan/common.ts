import { z } from 'zod';

/**
 * Real plan files come from Go (nil slices marshal as null) and from hand edits, so optional fields
 * accept null as "absent". Objects are loose everywhere: unknown keys must survive a save.
 */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

export const StepId = z.string().min(1, 'step id must not be empty');

export const JsonCheck = z.looseObject({
  path: z.string(),
  must_exist: optional(z.boolean()),
  value_type: optional(z.string()),
  min_length: optional(z.number()),
  max_length: optional(z.number()),
  pattern: optional(z.string()),
  min_value: optional(z.number()),
  max_value: optional(z.number()),
});
export type JsonCheck = z.infer<typeof JsonCheck>;

export const ValidationFile = z.looseObject({
  file_name: z.string(),
  must_exist: optional(z.boolean()),
  json_checks: optional(z.array(JsonCheck)),
});
export type ValidationFile = z.infer<typeof ValidationFile>;

/** A database check (newer generations): a query whose row count is bounded. */
export const DbCheck = z.looseObject({
  name: optional(z.string()),
  sql: optional(z.string()),
  min_rows: optional(z.number()),
  max_rows: optional(z.number()),
  checks: optional(z.array(z.unknown())),
});
export type DbCheck = z.infer<typeof DbCheck>;

export const ValidationSchema = z.looseObject({
  files: optional(z.array(ValidationFile)),
  db: optional(z.array(DbCheck)),
});
export type ValidationSchema = z.infer<typeof ValidationSchema>;

/** `context_output` is a single file name in most plans and a list in some. */
export const ContextOutput = z.union([z.string(), z.array(z.string())]);
export type ContextOutput = z.infer<typeof ContextOutput>;

/**
 * Who may use a shared orphan step: `orchestrator_ids` (coding-agent-loop, older agentworks) or
 * `agent_ids` (agentworks' `agent` generation). Both lists name steps by id.
 */
export const SharedWith = z.looseObject({
  orchestrator_ids: optional(z.array(z.string())),
  agent_ids: optional(z.array(z.string())),
});
export type SharedWith = z.infer<typeof SharedWith>;

/** Fields every step kind carries (docs/formats.md "plan.json"). */
export const StepBase = z.looseObject({
  id: StepId,
  title: optional(z.string()),
  description: optional(z.string()),
  success_criteria: optional(z.string()),
  context_dependencies: optional(z.array(z.string())),
  context_output: optional(ContextOutput),
  validation_schema: optional(ValidationSchema),
  shared_with: optional(SharedWith),
  // Script inputs of scripted steps; their shape is the runtime's business, kept as written.
  script_parameters: optional(z.unknown()),
  script_parameters_schema: optional(z.unknown()),
});
export type StepBase = z.infer<typeof StepBase>;

/** Flow target: a step id or the literal `end`. */
export const END = 'end';
export const NextStepId = optional(z.string());

/** Normalises `context_output` to a list of file names. */
export function contextOutputs(value: ContextOutput | null | undefined): string[] {
  if (value == null) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v.trim() !== '');
}

/** A step's `shared_with`, read safely from any step (an opaque step's fields are unchecked). */
export function sharedWithOf(step: object): { orchestrator_ids: string[]; agent_ids: string[] } | undefined {
  const value = (step as { shared_with?: unknown }).shared_with;
  if (typeof value !== 'object' || value === null) return undefined;
  const list = (key: string): string[] => {
    const ids = (value as Record<string, unknown>)[key];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  };
  return { orchestrator_ids: list('orchestrator_ids'), agent_ids: list('agent_ids') };
}
