import type { EdgeTypes } from '@xyflow/react';
import { FlowEdge } from './flow-edge';
import { LoopEdge } from './loop-edge';
import { ReturnEdge } from './return-edge';

/** Custom edge types, module-level like `nodeTypes`. */
export const edgeTypes: EdgeTypes = { flow: FlowEdge, return: ReturnEdge, loop: LoopEdge };
