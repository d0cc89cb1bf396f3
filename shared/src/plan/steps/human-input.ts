import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { generationTraits } from '../generations';
import type { Problem } from '../problems';
import type { PathSegment } from '../walk';
import { nonEmpty, nextTarget, type CheckContext, type FlowOutput, type StepKindSpec, type TargetField } from './kind-spec';

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
      return {
        kind: answer,
        handle: answer,
        ...(target !== undefined ? { target } : {}),
        field: [`if_${answer}_next_step_id`],
        label: answer === 'yes' ? 'Yes' : 'No',
      };
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
    return {
      kind: 'option',
      handle: `option-${i}`,
      ...(target !== undefined ? { target } : {}),
      ...(key !== undefined ? { field: ['option_routes', key] } : {}),
      label: option,
    };
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
    const problems: Problem[] = Object.keys(step.option_routes ?? {})
      .filter((key) => optionIndexForKey(key, options) === undefined)
      .map((key) => ({
        code: 'unknown_option_route' as const,
        severity: 'error' as const,
        path: context.at(['option_routes', key]),
        stepId: step.id,
        message: `option route "${key}" names no option of "${step.id}" (options: ${options.map((o, i) => `${i} "${o}"`).join(', ') || 'none'})`,
      }));
    if (generationTraits(context.generation).graphChecks) problems.push(...responseChecks(step, context));
    return problems;
  },
};

/**
 * How the answer and its routes fit together (validateHumanInputStepFieldsTyped, coding-agent-loop
 * and agentworks): a known response type, yes/no targets only on a yes/no question, option routes
 * only on a multiple choice with options, and every option routed when some are and no
 * next_step_id catches the rest.
 */
function responseChecks(step: HumanInputStep, context: CheckContext): Problem[] {
  const problems: Problem[] = [];
  const type = step.response_type ?? '';
  const problem = (code: Problem['code'], field: PathSegment[], message: string) =>
    problems.push({ code, severity: 'error', path: context.at(field), stepId: step.id, message });
  if (!['', 'text', 'yesno', 'multiple_choice'].includes(type)) {
    problem('unknown_response_type', ['response_type'], `"${step.id}" has response_type "${type}"; the runtime knows text, yesno and multiple_choice`);
  }
  for (const answer of ['yes', 'no'] as const) {
    if (type !== 'yesno' && nonEmpty(step[`if_${answer}_next_step_id`]) !== undefined) {
      problem(
        'answer_route_mismatch',
        [`if_${answer}_next_step_id`],
        `"${step.id}" routes a "${answer}" answer but asks a ${type || 'text'} question (if_${answer}_next_step_id needs response_type "yesno")`,
      );
    }
  }
  const routes = step.option_routes ?? {};
  const routed = Object.keys(routes);
  if (routed.length > 0 && type !== 'multiple_choice') {
    problem(
      'answer_route_mismatch',
      ['option_routes'],
      `"${step.id}" has option_routes but asks a ${type || 'text'} question (they need response_type "multiple_choice")`,
    );
  }
  const options = step.options ?? [];
  if (type === 'multiple_choice') {
    if (options.length === 0) problem('missing_required_field', ['options'], `"${step.id}" asks a multiple choice question without options`);
    if (routed.length > 0 && nonEmpty(step.next_step_id) === undefined) {
      const covered = new Set(routed.map((key) => optionIndexForKey(key, options)));
      options.forEach((option, i) => {
        if (!covered.has(i))
          problem('unrouted_option', ['options', i], `option "${option}" of "${step.id}" has no route and there is no next_step_id to fall back to`);
      });
    }
  }
  return problems;
}
