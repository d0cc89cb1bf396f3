import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { AgentNode as AgentNodeType } from '../../../flow/node-data';
import { DelegatingNode } from '../../parts/delegating-node';
import { agentDefinition } from './definition';

export const AgentNode = memo(function AgentNode({ id, data }: NodeProps<AgentNodeType>) {
  return <DelegatingNode id={id} data={data} definition={agentDefinition} />;
});
