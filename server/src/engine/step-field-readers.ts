import { ContextOutput, ValidationSchema, type SubAgentStep } from '@planvas/shared';

/**
 * Common fields of any step, read safely: an opaque step (unknown type) types them as unknown,
 * and a hand-edited file may hold anything there.
 */
export function stepText(step: SubAgentStep | null | undefined, key: 'title' | 'description' | 'success_criteria'): string | undefined {
  const value = step?.[key];
  return typeof value === 'string' ? value : undefined;
}

// A plan does not change during a run, and the same route steps are asked for again every
// iteration: the checked values are kept per step object.
const outputsOf = new WeakMap<object, string[]>();
const validationOf = new WeakMap<object, ValidationSchema | undefined>();

export function stepOutputs(step: SubAgentStep | null | undefined): string[] {
  if (!step) return [];
  let outputs = outputsOf.get(step);
  if (!outputs) {
    const parsed = ContextOutput.safeParse(step.context_output);
    outputs = parsed.success ? (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).filter((v) => v.trim() !== '') : [];
    outputsOf.set(step, outputs);
  }
  return outputs;
}

export function stepValidation(step: SubAgentStep | null | undefined): ValidationSchema | undefined {
  if (!step) return undefined;
  if (!validationOf.has(step)) {
    const parsed = ValidationSchema.safeParse(step.validation_schema);
    validationOf.set(step, parsed.success ? (step.validation_schema as ValidationSchema) : undefined);
  }
  return validationOf.get(step);
}
