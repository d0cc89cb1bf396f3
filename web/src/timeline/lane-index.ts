import type { RunTimeline } from './timeline-bars';
import type { TimeView } from './time-view';

/**
 * Each lane's bars sorted by start, with the running maximum of their ends, so the bars of a lane
 * in view are found by binary search: drawing and hit-testing cost what is visible, not the run.
 */
export interface LaneIndex {
  /** Per lane: bar indices (into RunTimeline.bars) sorted by start. */
  order: Int32Array[];
  starts: Float64Array[];
  maxEnds: Float64Array[];
}

export function indexLanes(timeline: RunTimeline): LaneIndex {
  const perLane: number[][] = timeline.lanes.map(() => []);
  timeline.bars.forEach((bar, i) => perLane[bar.lane]?.push(i));
  const order: Int32Array[] = [];
  const starts: Float64Array[] = [];
  const maxEnds: Float64Array[] = [];
  for (const list of perLane) {
    list.sort((a, b) => timeline.bars[a]!.start - timeline.bars[b]!.start);
    const s = new Float64Array(list.length);
    const m = new Float64Array(list.length);
    let max = Number.NEGATIVE_INFINITY;
    list.forEach((barIndex, i) => {
      const bar = timeline.bars[barIndex]!;
      s[i] = bar.start;
      max = Math.max(max, bar.end);
      m[i] = max;
    });
    order.push(Int32Array.from(list));
    starts.push(s);
    maxEnds.push(m);
  }
  return { order, starts, maxEnds };
}

/** Positions [from, to) in `lane`'s order of the bars that may overlap [view.start, view.end]. */
export function visibleRange(index: LaneIndex, lane: number, view: TimeView): [number, number] {
  const maxEnds = index.maxEnds[lane];
  const starts = index.starts[lane];
  if (!maxEnds || !starts) return [0, 0];
  // First bar whose running max end reaches the view: no bar before it can be visible.
  let lo = 0;
  let hi = maxEnds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (maxEnds[mid]! < view.start) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= view.end) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/** How many bars lie at least partly in view (the canvas reports it for tests and the bench). */
export function countVisible(index: LaneIndex, view: TimeView): number {
  let n = 0;
  for (let lane = 0; lane < index.order.length; lane++) {
    const [from, to] = visibleRange(index, lane, view);
    n += to - from;
  }
  return n;
}
