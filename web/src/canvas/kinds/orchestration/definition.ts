import { Network } from 'lucide-react';
import { inputHandle, railHandles, sizeWithRail } from '../../handles';
import type { NodeDefinition } from '../../node-definition';
import type { OrchestrationData } from '../../node-data';
import { delegationOutputs } from '../route-outputs';

export const ORCHESTRATION_CONTENT = { width: 290, height: 154 };

const outputs = (data: OrchestrationData) => delegationOutputs(data.step.orchestration_routes, false, true);

export const orchestrationDefinition: NodeDefinition<'orchestration'> = {
  kind: 'orchestration',
  label: 'Orchestration',
  icon: Network,
  size: (data, direction) => sizeWithRail(ORCHESTRATION_CONTENT, outputs(data).length, direction),
  handles(data, direction) {
    const size = this.size(data, direction);
    return [inputHandle(size, direction), ...railHandles(outputs(data), ORCHESTRATION_CONTENT.height, size, direction)];
  },
};
