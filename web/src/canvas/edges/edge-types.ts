import type { EdgeTypes } from '@xyflow/react';
import { LoopEdge } from './loop-edge';
import { ReturnEdge } from './return-edge';

/** Custom edge types, module-level like `nodeTypes` (flow edges use React Flow's smoothstep). */
export const edgeTypes: EdgeTypes = { return: ReturnEdge, loop: LoopEdge };
