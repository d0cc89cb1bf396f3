import { ContextOutput, ValidationSchema, type SubAgentStep } from '@planvas/shared';

/**
 * Common fields of any step, read safely: an opaque step (unknown type) types them as unknown,
 * and a hand-edited file may hold anything there.
 */
export function stepText(step: SubAgentStep | null | undefined, key: 'title' | 'description' | 'success_criteria'): string | undefined {
  const value = step?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function stepOutputs(step: SubAgentStep | null | undefined): string[] {
  const parsed = ContextOutput.safeParse(step?.context_output);
  if (!parsed.success) return [];
  return (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).filter((v) => v.trim() !== '');
}

export function stepValidation(step: SubAgentStep | null | undefined): ValidationSchema | undefined {
  const parsed = ValidationSchema.safeParse(step?.validation_schema);
  return parsed.success ? (step?.validation_schema as ValidationSchema) : undefined;
}
