import type { Box } from './node-boxes';

/** Distance between a loop's lane and the nodes it runs past. */
export const LANE_GAP = 36;

/**
 * Where a jump back to an earlier step runs so it crosses no node between its two ends: below
 * every node that overlaps the span between them in LR (a y), right of every such node in TB
 * (an x). The span is along the flow: x from target to source in LR, y in TB.
 */
export function loopLane(boxes: Iterable<Box>, source: Box, target: Box, direction: 'LR' | 'TB'): number {
  if (direction === 'LR') {
    const from = Math.min(source.left, target.left);
    const to = Math.max(source.right, target.right);
    let lane = Math.max(source.bottom, target.bottom);
    for (const b of boxes) if (b.right > from && b.left < to) lane = Math.max(lane, b.bottom);
    return lane + LANE_GAP;
  }
  const from = Math.min(source.top, target.top);
  const to = Math.max(source.bottom, target.bottom);
  let lane = Math.max(source.right, target.right);
  for (const b of boxes) if (b.bottom > from && b.top < to) lane = Math.max(lane, b.right);
  return lane + LANE_GAP;
}
