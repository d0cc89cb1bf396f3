import type { Edge } from '@xyflow/react';
import type { FlowEdgeKind } from '@planvas/shared';

/**
 * Flow edges come from the shared `buildFlow` (so the canvas and the executor agree); the canvas
 * adds its own: `start` into the entry step, `sub_agent` from a route handle to its sub-agent and
 * `return` from the sub-agent back to that handle (a route that refers to a shared orphan step gets
 * a `sub_agent` edge to the orphan's one node instead).
 */
export type CanvasEdgeKind = FlowEdgeKind | 'start' | 'sub_agent' | 'return';

export type CanvasEdgeData = {
  kind: CanvasEdgeKind;
  /** Jumps back to an earlier step (a loop); drawn differently. */
  backward: boolean;
  /** What is wrong with the edge itself (a route that refers to an orphan step not shared with it). */
  problem?: string;
};

export type CanvasEdge = Edge<CanvasEdgeData> & { data: CanvasEdgeData };
