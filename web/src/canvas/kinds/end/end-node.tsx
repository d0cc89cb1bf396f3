import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { EndNode as EndNodeType } from '../../../flow/node-data';
import { TerminalNode } from '../../parts/terminal-node';
import { endDefinition } from './definition';

export const EndNode = memo(function EndNode({ data }: NodeProps<EndNodeType>) {
  return <TerminalNode definition={endDefinition} data={data} />;
});
