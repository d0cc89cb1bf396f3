import { z } from 'zod';
import { NextStepId, optional } from '../common';
import type { Step } from '../step';
import { kindSchema } from './kind-schema';
import { nonEmpty, nextTarget, type FlowOutput, type StepKindSpec } from './kind-spec';

/** The yes/no targets of a conditional or decision, between their question and `next_step_id`. */
export const truthFields = { if_true_next_step_id: NextStepId, if_false_next_step_id: NextStepId };

const ConditionalStepFields = kindSchema('conditional', { condition_question: optional(z.string()), ...truthFields });

/** Branches hold their own nested steps (`step.ts` adds them), which run before the branch's next step id. */
export type ConditionalStep = z.infer<typeof ConditionalStepFields> & {
  if_true_steps?: Step[] | null;
  if_false_steps?: Step[] | null;
};

/** A yes/no output: into the branch's first nested step, else to the branch's named target. */
export function truthOutputs(step: {
  if_true_next_step_id?: string | null;
  if_false_next_step_id?: string | null;
  if_true_steps?: ReadonlyArray<Step> | null;
  if_false_steps?: ReadonlyArray<Step> | null;
}): FlowOutput[] {
  const one = (branch: 'true' | 'false', label: string): FlowOutput => {
    const first = (branch === 'true' ? step.if_true_steps : step.if_false_steps)?.[0]?.id;
    const named = first ?? nonEmpty(branch === 'true' ? step.if_true_next_step_id : step.if_false_next_step_id);
    return {
      kind: branch,
      handle: branch,
      ...(named !== undefined ? { target: named } : {}),
      field: first !== undefined ? [`if_${branch}_steps`, 0] : [`if_${branch}_next_step_id`],
      label,
    };
  };
  return [one('true', 'Yes'), one('false', 'No')];
}

export function truthTargets(step: { if_true_next_step_id?: string | null; if_false_next_step_id?: string | null; next_step_id?: string | null }) {
  const out = nextTarget(step);
  for (const branch of ['true', 'false'] as const) {
    const target = nonEmpty(step[`if_${branch}_next_step_id`]);
    if (target !== undefined) out.push({ field: [`if_${branch}_next_step_id`], target });
  }
  return out;
}

export const conditionalKind: StepKindSpec<ConditionalStep, 'conditional'> = {
  kind: 'conditional',
  label: 'Conditional',
  schema: ConditionalStepFields,
  stepLists: ['if_true_steps', 'if_false_steps'],
  // coding-agent-loop retired it on 2026-05-29.
  generations: ['seed'],
  create: ({ common }) => ({ type: 'conditional', ...common, condition_question: '', if_true_steps: [], if_false_steps: [] }),
  outputs: truthOutputs,
  targets: truthTargets,
  branches: (step) => [
    { field: 'if_true_steps', branch: 'true', ...exitOf(step.if_true_next_step_id) },
    { field: 'if_false_steps', branch: 'false', ...exitOf(step.if_false_next_step_id) },
  ],
};

function exitOf(value: string | null | undefined): { exit?: string } {
  const exit = nonEmpty(value);
  return exit === undefined ? {} : { exit };
}
