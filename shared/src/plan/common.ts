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

export const ValidationSchema = z.looseObject({
  files: optional(z.array(ValidationFile)),
});
export type ValidationSchema = z.infer<typeof ValidationSchema>;

/** `context_output` is a single file name in most plans and a list in some. */
export const ContextOutput = z.union([z.string(), z.array(z.string())]);
export type ContextOutput = z.infer<typeof ContextOutput>;

/** Fields every step kind carries (FORMATS.md "Common fields"). */
export const StepBase = z.looseObject({
  id: StepId,
  title: optional(z.string()),
  description: optional(z.string()),
  success_criteria: optional(z.string()),
  context_dependencies: optional(z.array(z.string())),
  context_output: optional(ContextOutput),
  validation_schema: optional(ValidationSchema),
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
