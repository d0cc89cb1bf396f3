import type { Edge } from '@xyflow/react';
import type { FlowEdgeKind } from '@planvas/shared';

/**
 * Flow edges come from the shared `buildFlow` (so the canvas and the executor agree); the canvas
 * adds its own: `start` into the entry step, `sub_agent` from a route handle to its sub-agent and
 * `return` from the sub-agent back to that handle.
 */
export type CanvasEdgeKind = FlowEdgeKind | 'start' | 'sub_agent' | 'return';

export type CanvasEdgeData = {
  kind: CanvasEdgeKind;
  /** Jumps back to an earlier step (a loop); drawn differently. */
  backward: boolean;
};

export type CanvasEdge = Edge<CanvasEdgeData> & { data: CanvasEdgeData };
