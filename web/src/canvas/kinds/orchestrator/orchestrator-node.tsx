import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { OrchestratorNode as OrchestratorNodeType } from '../../../flow/node-data';
import { DelegatingNode } from '../../parts/delegating-node';
import { orchestratorDefinition } from './definition';

export const OrchestratorNode = memo(function OrchestratorNode({ id, data }: NodeProps<OrchestratorNodeType>) {
  return <DelegatingNode id={id} data={data} definition={orchestratorDefinition} />;
});
