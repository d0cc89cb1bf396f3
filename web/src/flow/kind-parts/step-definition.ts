import type { LucideIcon } from 'lucide-react';
import type { StepKind } from '@planvas/shared';
import { centredOutput, inputHandle, railHandles, sizeWithRail, type Size } from '../handles';
import type { NodeDefinition } from '../node-definition';
import type { StepDataOfKind } from '../node-data';
import { stepRail } from './step-rail';

export type StepDefinitionSpec<K extends StepKind> = {
  kind: K;
  label: string;
  icon: LucideIcon;
  /** What the kind does, in a few words: the palette's tooltip. */
  hint: string;
  /** The size of the node above its rail of outputs: fixed, or from what the step holds (items). */
  content: Size | ((data: StepDataOfKind[K]) => Size);
};

/**
 * The definition of a step kind's node: its content size, the input on the input side, and a rail
 * of labelled outputs (or one centred output) from `stepRail`. Every step kind is made by this,
 * so sizes and handles follow the same rules everywhere and the layout agrees with the drawing.
 */
export function stepDefinition<K extends StepKind>(spec: StepDefinitionSpec<K>): NodeDefinition<K> & { hint: string; content(data: StepDataOfKind[K]): Size } {
  const content = (data: StepDataOfKind[K]): Size => (typeof spec.content === 'function' ? spec.content(data) : spec.content);
  const rail = (data: StepDataOfKind[K]) => stepRail(data.step, 'genericAgent' in data && data.genericAgent === true);
  return {
    kind: spec.kind,
    label: spec.label,
    icon: spec.icon,
    hint: spec.hint,
    content,
    size: (data, direction) => sizeWithRail(content(data), rail(data).length, direction),
    handles(data, direction) {
      const size = this.size(data, direction);
      const outputs = rail(data);
      return [
        inputHandle(size, direction),
        ...(outputs.length > 0 ? railHandles(outputs, content(data).height, size, direction) : [centredOutput(size, direction)]),
      ];
    },
  };
}
