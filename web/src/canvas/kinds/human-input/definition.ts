import { MessageCircleQuestionMark } from 'lucide-react';
import { centredOutput, inputHandle, railHandles, sizeWithRail, type RailOutput } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import type { HumanInputData } from '../../node-data';

export const HUMAN_INPUT_CONTENT = { width: 260, height: 132 };

/** The same outputs the shared flow gives: yes/no, one per option, else a single `next`. */
export function humanInputOutputs(data: HumanInputData): RailOutput[] {
  const { step } = data;
  if (step.response_type === 'yesno') return [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }];
  if (step.response_type === 'multiple_choice' && (step.options?.length ?? 0) > 0) {
    return (step.options ?? []).map((option, i) => ({ id: `option-${i}`, label: option }));
  }
  return [];
}

export const humanInputDefinition: NodeDefinition<'human_input'> = {
  kind: 'human_input',
  label: 'Human input',
  icon: MessageCircleQuestionMark,
  size: (data, direction) => sizeWithRail(HUMAN_INPUT_CONTENT, humanInputOutputs(data).length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    const rail = humanInputOutputs(data);
    return [inputHandle(size, direction), ...(rail.length > 0 ? railHandles(rail, HUMAN_INPUT_CONTENT.height, size, direction) : [centredOutput(size, direction)])];
  },
};
