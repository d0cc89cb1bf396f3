import { GitBranch } from 'lucide-react';
import { inputHandle, railHandles, sizeWithRail, type RailOutput } from '../../handles';
import type { NodeDefinition } from '../../node-definition';

export const CONDITIONAL_CONTENT = { width: 280, height: 132 };
/** Handle ids match the shared flow edges (`true` / `false`), labels the canvas shows (Yes / No). */
export const BRANCH_OUTPUTS: RailOutput[] = [
  { id: 'true', label: 'Yes' },
  { id: 'false', label: 'No' },
];

export const conditionalDefinition: NodeDefinition<'conditional'> = {
  kind: 'conditional',
  label: 'Conditional',
  icon: GitBranch,
  size: (_data, direction) => sizeWithRail(CONDITIONAL_CONTENT, BRANCH_OUTPUTS.length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    return [inputHandle(size, direction), ...railHandles(BRANCH_OUTPUTS, CONDITIONAL_CONTENT.height, size, direction)];
  },
};
