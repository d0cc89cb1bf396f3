import { laneStepEdge } from './lane-step-edge';
import { loopLane } from './loop-lane';
import { nodeBoxes } from './node-boxes';

/**
 * A jump back to an earlier step. A plain step path would run straight back through the nodes
 * between its ends (and their text); this one takes a lane outside all of them: below in LR,
 * right of them in TB.
 */
export const LoopEdge = laneStepEdge({
  lane(nodes, ends, direction) {
    const { boxes, ids } = nodeBoxes(nodes);
    const a = boxes[ids.indexOf(ends.source)];
    const b = boxes[ids.indexOf(ends.target)];
    return a && b ? loopLane(boxes, a, b, direction) : undefined;
  },
  axis: (direction) => (direction === 'LR' ? 'centerY' : 'centerX'),
  borderRadius: 10,
  offset: 24,
});
