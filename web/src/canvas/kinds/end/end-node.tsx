import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { EndNode as EndNodeType } from '../../node-data';
import { NodeHandles } from '../../parts/node-handles';
import { useNodeGeometry } from '../../parts/use-node-geometry';
import { endDefinition } from './definition';

export const EndNode = memo(function EndNode({ data }: NodeProps<EndNodeType>) {
  const { size, handles } = useNodeGeometry(endDefinition, data);
  const Icon = endDefinition.icon;
  return (
    <div className="pv-terminal pv-terminal--end" data-status="idle" data-kind="end" style={{ width: size.width, height: size.height }}>
      <Icon size={13} aria-hidden />
      End
      <NodeHandles handles={handles} size={size} />
    </div>
  );
});
