import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { TodoTaskNode as TodoTaskNodeType } from '../../../flow/node-data';
import { DelegatingNode } from '../../parts/delegating-node';
import { todoTaskDefinition } from './definition';

export const TodoTaskNode = memo(function TodoTaskNode({ id, data }: NodeProps<TodoTaskNodeType>) {
  return <DelegatingNode id={id} data={data} definition={todoTaskDefinition} />;
});
