import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { MessageSequenceNode as MessageSequenceNodeType } from '../../../flow/node-data';
import { DelegatingNode } from '../../parts/delegating-node';
import { messageSequenceDefinition } from './definition';

export const MessageSequenceNode = memo(function MessageSequenceNode({ id, data }: NodeProps<MessageSequenceNodeType>) {
  return <DelegatingNode id={id} data={data} definition={messageSequenceDefinition} />;
});
