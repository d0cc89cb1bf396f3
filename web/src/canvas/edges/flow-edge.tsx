import { Position } from '@xyflow/react';
import { CLEARANCE, clearLane, TURN_GAP } from './clear-lane';
import { laneStepEdge } from './lane-step-edge';
import { boxesWithin, nodeBoxes } from './node-boxes';

/**
 * Every forward edge of the flow (next step, branches, routes to sub-agents): React Flow's step
 * path, turning where it crosses no node (edges/clear-lane.ts) when it leaves its source forward
 * and enters its target from behind (right to left in LR, bottom to top in TB).
 */
export const FlowEdge = laneStepEdge({
  lane(nodes, ends, direction) {
    const forward =
      direction === 'LR'
        ? ends.sourcePosition === Position.Right && ends.targetPosition === Position.Left
        : ends.sourcePosition === Position.Bottom && ends.targetPosition === Position.Top;
    if (!forward) return undefined;
    // Every leg of the path lies within the rectangle of its two ends.
    const area = {
      left: Math.min(ends.from.x, ends.to.x) - CLEARANCE,
      right: Math.max(ends.from.x, ends.to.x) + CLEARANCE,
      top: Math.min(ends.from.y, ends.to.y) - CLEARANCE,
      bottom: Math.max(ends.from.y, ends.to.y) + CLEARANCE,
    };
    return clearLane(boxesWithin(nodeBoxes(nodes), area, new Set([ends.source, ends.target])), ends.from, ends.to, direction);
  },
  axis: (direction) => (direction === 'LR' ? 'centerX' : 'centerY'),
  // React Flow's own smoothstep edge's.
  borderRadius: 5,
  offset: TURN_GAP,
});
