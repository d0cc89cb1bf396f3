import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { nonEmpty, nextTarget, type FlowOutput, type StepKindSpec, type TargetField } from './kind-spec';

export const HumanResponseType = z.enum(['text', 'yesno', 'multiple_choice']);
export type HumanResponseType = z.infer<typeof HumanResponseType>;

export const HumanInputStep = StepBase.extend({
  type: z.literal('human_input'),
  question: optional(z.string()),
  variable_name: optional(z.string()),
  // Unknown response types from newer runtimes are kept rather than rejected.
  response_type: optional(z.string()),
  options: optional(z.array(z.string())),
  next_step_id: NextStepId,
  if_yes_next_step_id: NextStepId,
  if_no_next_step_id: NextStepId,
  /** Keys are an option's 0-based index or its value; values are step ids. */
  option_routes: optional(z.record(z.string(), z.string())),
});
export type HumanInputStep = z.infer<typeof HumanInputStep>;

/** Matches an option_routes key to an option index: a 0-based index, or the option's own text. */
export function optionIndexForKey(key: string, options: ReadonlyArray<string>): number | undefined {
  if (/^\d+$/.test(key)) {
    const index = Number(key);
    return index < options.length ? index : undefined;
  }
  const index = options.indexOf(key);
  return index >= 0 ? index : undefined;
}

function outputs(step: HumanInputStep): FlowOutput[] {
  if (step.response_type === 'yesno') {
    return (['yes', 'no'] as const).map((answer) => {
      const target = nonEmpty(step[`if_${answer}_next_step_id`]);
      return { kind: answer, handle: answer, ...(target !== undefined ? { target } : {}), field: [`if_${answer}_next_step_id`], label: answer === 'yes' ? 'Yes' : 'No' };
    });
  }
  const options = step.options ?? [];
  if (step.response_type !== 'multiple_choice' || options.length === 0) return [{ kind: 'next', handle: 'next' }];
  const routed = new Map<number, string>();
  for (const key of Object.keys(step.option_routes ?? {})) {
    const index = optionIndexForKey(key, options);
    if (index !== undefined && !routed.has(index)) routed.set(index, key);
  }
  return options.map((option, i) => {
    const key = routed.get(i);
    const target = key !== undefined ? nonEmpty(step.option_routes?.[key]) : undefined;
    return { kind: 'option', handle: `option-${i}`, ...(target !== undefined ? { target } : {}), ...(key !== undefined ? { field: ['option_routes', key] } : {}), label: option };
  });
}

function targets(step: HumanInputStep): TargetField[] {
  const out = nextTarget(step);
  for (const answer of ['yes', 'no'] as const) {
    const target = nonEmpty(step[`if_${answer}_next_step_id`]);
    if (target !== undefined) out.push({ field: [`if_${answer}_next_step_id`], target });
  }
  for (const [key, value] of Object.entries(step.option_routes ?? {})) {
    const target = nonEmpty(value);
    if (target !== undefined) out.push({ field: ['option_routes', key], target });
  }
  return out;
}

export const humanInputKind: StepKindSpec<HumanInputStep, 'human_input'> = {
  kind: 'human_input',
  label: 'Human Input',
  schema: HumanInputStep,
  generations: ['seed', 'loop', 'agentworks', 'agent'],
  requiredFields: { loop: ['question'], agentworks: ['question'], agent: ['question'] },
  create: ({ common, id }) => ({ type: 'human_input', ...common, question: '', variable_name: id.replace(/-/g, '_'), response_type: 'text' }),
  outputs,
  targets,
  check: (step, context) => {
    const options = step.options ?? [];
    return Object.keys(step.option_routes ?? {})
      .filter((key) => optionIndexForKey(key, options) === undefined)
      .map((key) => ({
        code: 'unknown_option_route' as const,
        severity: 'error' as const,
        path: context.at(['option_routes', key]),
        stepId: step.id,
        message: `option route "${key}" names no option of "${step.id}" (options: ${options.map((o, i) => `${i} "${o}"`).join(', ') || 'none'})`,
      }));
  },
};
