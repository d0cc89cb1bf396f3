import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { StartNode as StartNodeType } from '../../node-data';
import { NodeHandles } from '../../parts/node-handles';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { startDefinition } from './definition';

export const StartNode = memo(function StartNode({ data }: NodeProps<StartNodeType>) {
  const { size, handles } = useNodeGeometry(startDefinition, data);
  const Icon = startDefinition.icon;
  return (
    <div className="pv-terminal pv-terminal--start" data-status="idle" data-kind="start" style={{ width: size.width, height: size.height }}>
      <Icon size={13} aria-hidden />
      Start
      <NodeHandles handles={handles} size={size} />
    </div>
  );
});
