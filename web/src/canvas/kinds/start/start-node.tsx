import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { StartNode as StartNodeType } from '../../../flow/node-data';
import { TerminalNode } from '../../parts/terminal-node';
import { startDefinition } from './definition';

export const StartNode = memo(function StartNode({ data }: NodeProps<StartNodeType>) {
  return <TerminalNode definition={startDefinition} data={data} />;
});
