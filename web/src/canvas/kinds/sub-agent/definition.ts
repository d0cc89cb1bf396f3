import { Bot } from 'lucide-react';
import { routesOf, type LayoutDirection } from '@planvas/shared';
import { inputSide, isVerticalSide, railHandles, sizeWithRail, type HandleSpec, type RailOutput, type Size } from '../../../flow/handles';
import type { NodeDefinition } from '../../../flow/node-definition';
import type { SubAgentData } from '../../../flow/node-data';
import { delegationOutputs } from '../../../flow/kind-parts/route-outputs';

export const SUB_AGENT_CONTENT: Size = { width: 260, height: 136 };
/** The one input of a sub-agent, fed by its parent's route (id as in the seed system). */
export const SUB_AGENT_INPUT = 'top';
/** Where the dashed "Return" edge leaves for the parent; on the input side, next to `top`. */
export const SUB_AGENT_RETURN = 'return';

/** A sub-agent that is itself a todo_task / orchestration delegates further (legacy plans nest them). */
export function subAgentOutputs(data: SubAgentData): RailOutput[] {
  const routes = routesOf(data.step);
  return routes ? delegationOutputs(routes.routes, data.genericAgent, false) : [];
}

function inputSideHandles(size: Size, direction: LayoutDirection): HandleSpec[] {
  const position = inputSide(direction);
  const span = isVerticalSide(position) ? SUB_AGENT_CONTENT.height : size.width;
  return [
    { id: SUB_AGENT_INPUT, type: 'target', position, offset: Math.round(span * 0.38) },
    { id: SUB_AGENT_RETURN, type: 'source', position, offset: Math.round(span * 0.72) },
  ];
}

export const subAgentDefinition: NodeDefinition<'sub_agent'> = {
  kind: 'sub_agent',
  label: 'Sub-agent',
  icon: Bot,
  size: (data, direction) => sizeWithRail(SUB_AGENT_CONTENT, subAgentOutputs(data).length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    return [...inputSideHandles(size, direction), ...railHandles(subAgentOutputs(data), SUB_AGENT_CONTENT.height, size, direction)];
  },
};
