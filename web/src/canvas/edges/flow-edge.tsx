import { Position } from '@xyflow/react';
import { clearLane, TURN_GAP } from './clear-lane';
import { boxOf, laneStepEdge } from './lane-step-edge';

/**
 * Every forward edge of the flow (next step, branches, routes to sub-agents): React Flow's step
 * path, turning where it crosses no node (edges/clear-lane.ts) when it leaves its source forward
 * and enters its target from behind (right to left in LR, bottom to top in TB).
 */
export const FlowEdge = laneStepEdge({
  lane(nodes, ends, direction) {
    const forward = direction === 'LR' ? ends.sourcePosition === Position.Right && ends.targetPosition === Position.Left : ends.sourcePosition === Position.Bottom && ends.targetPosition === Position.Top;
    if (!forward) return undefined;
    const obstacles = nodes.filter((n) => n.id !== ends.source && n.id !== ends.target).map(boxOf);
    return clearLane(obstacles, ends.from, ends.to, direction);
  },
  axis: (direction) => (direction === 'LR' ? 'centerX' : 'centerY'),
  // React Flow's own smoothstep edge's.
  borderRadius: 5,
  offset: TURN_GAP,
});
