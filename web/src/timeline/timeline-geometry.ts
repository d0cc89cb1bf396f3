import { visibleRange, type LaneIndex } from './lane-index';
import type { RunTimeline } from './timeline-bars';
import { timeToX, xToTime, type TimeView } from './time-view';

/** Where things are on the canvas, in CSS pixels. */
export interface Geometry {
  width: number;
  /** Left column with the lane labels. */
  gutter: number;
  /** The time axis' ticks above the lanes. */
  axis: number;
  row: number;
  bar: number;
}

export const GEOMETRY: Omit<Geometry, 'width'> = { gutter: 188, axis: 24, row: 24, bar: 14 };

export const plotWidth = (g: Geometry) => Math.max(1, g.width - g.gutter - 8);
export const canvasHeight = (g: Omit<Geometry, 'width'>, lanes: number) => g.axis + Math.max(1, lanes) * g.row + 4;

/** A bar's rectangle within the plot: at least 2 px wide, so a millisecond's bar can still be seen and hit. */
export function barRect(timeline: RunTimeline, barIndex: number, view: TimeView, g: Geometry): { x: number; y: number; w: number; h: number } {
  const bar = timeline.bars[barIndex]!;
  const width = plotWidth(g);
  // Clipped to the plot: a bar that starts before the view is pointed at where it can be seen.
  const x1 = Math.min(Math.max(timeToX(bar.start, view, g.gutter, width), g.gutter), g.gutter + width - 2);
  const x2 = Math.min(timeToX(bar.end, view, g.gutter, width), g.gutter + width);
  const y = g.axis + bar.lane * g.row + (g.row - g.bar) / 2;
  return { x: x1, y, w: Math.max(2, x2 - x1), h: g.bar };
}

/** Slack around a bar for the pointer, in px: thin bars are hard to hit exactly. */
const HIT_SLACK_PX = 3;

/** The bar under (x, y) in CSS pixels of the canvas, or null; the nearest one when several are within the slack. */
export function hitTest(timeline: RunTimeline, index: LaneIndex, view: TimeView, g: Geometry, x: number, y: number): number | null {
  if (x < g.gutter || y < g.axis) return null;
  const lane = Math.floor((y - g.axis) / g.row);
  if (lane < 0 || lane >= timeline.lanes.length) return null;
  const width = plotWidth(g);
  const slack = (HIT_SLACK_PX / width) * (view.end - view.start);
  const t = xToTime(x, view, g.gutter, width);
  const [from, to] = visibleRange(index, lane, { start: t - slack, end: t + slack });
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const barIndex = index.order[lane]![i]!;
    const rect = barRect(timeline, barIndex, view, g);
    const distance = x < rect.x ? rect.x - x : x > rect.x + rect.w ? x - rect.x - rect.w : 0;
    if (distance <= HIT_SLACK_PX && distance < bestDistance) {
      best = barIndex;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}

/** The bar before or after `barIndex` in its lane (arrow keys), or the first bar of another lane. */
export function neighbour(timeline: RunTimeline, index: LaneIndex, barIndex: number | null, key: 'left' | 'right' | 'up' | 'down'): number | null {
  if (timeline.bars.length === 0) return null;
  if (barIndex === null) return firstOfLane(index, 0, 1) ?? null;
  const bar = timeline.bars[barIndex]!;
  const order = index.order[bar.lane]!;
  if (key === 'left' || key === 'right') {
    const at = order.indexOf(barIndex);
    const next = order[at + (key === 'right' ? 1 : -1)];
    return next ?? barIndex;
  }
  const step = key === 'down' ? 1 : -1;
  const target = firstOfLane(index, bar.lane + step, step);
  if (target === undefined) return barIndex;
  // The bar of that lane nearest in time to the current one.
  const lane = timeline.bars[target]!.lane;
  const starts = index.starts[lane]!;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < bar.start) lo = mid + 1;
    else hi = mid;
  }
  return index.order[lane]![lo] ?? target;
}

/** The first bar of the first non-empty lane from `lane` on, in direction `step`. */
function firstOfLane(index: LaneIndex, lane: number, step: 1 | -1): number | undefined {
  for (let l = lane; l >= 0 && l < index.order.length; l += step) if (index.order[l]!.length > 0) return index.order[l]![0];
  return undefined;
}
