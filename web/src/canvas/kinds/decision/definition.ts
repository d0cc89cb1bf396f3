import { Scale } from 'lucide-react';
import { inputHandle, railHandles, sizeWithRail } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import { BRANCH_OUTPUTS } from '../conditional/definition';

export const DECISION_CONTENT = { width: 270, height: 128 };

export const decisionDefinition: NodeDefinition<'decision'> = {
  kind: 'decision',
  label: 'Decision',
  icon: Scale,
  size: (_data, direction) => sizeWithRail(DECISION_CONTENT, BRANCH_OUTPUTS.length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    return [inputHandle(size, direction), ...railHandles(BRANCH_OUTPUTS, DECISION_CONTENT.height, size, direction)];
  },
};
