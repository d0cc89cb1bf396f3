import type { Box } from './node-boxes';

/** How far a forward edge keeps from the boxes it runs past. */
export const CLEARANCE = 12;
/** The shortest run an edge makes out of its source and into its target before it turns (React Flow's step offset). */
export const TURN_GAP = 20;

type Point = { x: number; y: number };

/**
 * Where a forward step edge makes its turn across the flow (an x in LR, a y in TB) so that none
 * of its three legs crosses a node: React Flow turns halfway between the two ends, which is
 * where a todo_task's sub-agents sit, so its "next" edge ran behind them and seemed to leave from
 * the last one. Halfway is kept when it is clear; else just before the target, just after the
 * source, then beside each node, nearest halfway first. `undefined`: no turn needed (the ends
 * are in line), no room for one, or no clear place (the default is then as good as any).
 * `obstacles`: the boxes of the nodes the edge may run past, not its own two.
 */
export function clearLane(obstacles: Iterable<Box>, from: Point, to: Point, direction: 'LR' | 'TB'): number | undefined {
  // Along the flow (x in LR, y in TB) and across it.
  const along = (p: Point) => (direction === 'LR' ? p.x : p.y);
  const across = (p: Point) => (direction === 'LR' ? p.y : p.x);
  const s = { along: along(from), across: across(from) };
  const t = { along: along(to), across: across(to) };
  if (Math.abs(s.across - t.across) < 1) return undefined;
  const first = s.along + TURN_GAP;
  const last = t.along - TURN_GAP;
  if (last < first) return undefined;

  const boxes = [...obstacles].map((b) => {
    const [a0, a1, c0, c1] = direction === 'LR' ? [b.left, b.right, b.top, b.bottom] : [b.top, b.bottom, b.left, b.right];
    return { a0: a0 - CLEARANCE, a1: a1 + CLEARANCE, c0: c0 - CLEARANCE, c1: c1 + CLEARANCE };
  });
  const low = Math.min(s.across, t.across);
  const high = Math.max(s.across, t.across);
  const clear = (lane: number) =>
    !boxes.some(
      (b) =>
        // out of the source, along the flow up to the lane
        (b.c0 < s.across && s.across < b.c1 && b.a0 < lane && b.a1 > s.along) ||
        // the turn across the flow
        (b.a0 < lane && lane < b.a1 && b.c0 < high && b.c1 > low) ||
        // from the lane on into the target
        (b.c0 < t.across && t.across < b.c1 && b.a0 < t.along && b.a1 > lane),
    );

  const halfway = (s.along + t.along) / 2;
  const beside = boxes
    .flatMap((b) => [b.a0, b.a1])
    .filter((lane) => lane > first && lane < last)
    .sort((x, y) => Math.abs(x - halfway) - Math.abs(y - halfway));
  return [halfway, last, first, ...beside].find(clear);
}
