import { boxOf, laneStepEdge } from './lane-step-edge';
import { loopLane } from './loop-lane';

/**
 * A jump back to an earlier step. A plain step path would run straight back through the nodes
 * between its ends (and their text); this one takes a lane outside all of them: below in LR,
 * right of them in TB.
 */
export const LoopEdge = laneStepEdge({
  lane(nodes, ends, direction) {
    const a = nodes.find((n) => n.id === ends.source);
    const b = nodes.find((n) => n.id === ends.target);
    return a && b ? loopLane(nodes.map(boxOf), boxOf(a), boxOf(b), direction) : undefined;
  },
  axis: (direction) => (direction === 'LR' ? 'centerY' : 'centerX'),
  borderRadius: 10,
  offset: 24,
});
