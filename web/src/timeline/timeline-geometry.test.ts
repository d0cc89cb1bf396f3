import { describe, expect, it } from 'vitest';
import { smallRun } from '../test/timeline-events';
import { indexLanes, visibleRange } from './lane-index';
import { deriveTimeline, type RunTimeline } from './timeline-bars';
import { countingContext } from './counting-context';
import { drawTimeline } from './timeline-draw';
import { barRect, GEOMETRY, hitTest, neighbour, type Geometry } from './timeline-geometry';

const timeline = deriveTimeline(smallRun());
const index = indexLanes(timeline);
const g: Geometry = { ...GEOMETRY, width: 1000 };
const whole = { start: timeline.start, end: timeline.end };
const centre = (barIndex: number) => {
  const r = barRect(timeline, barIndex, whole, g);
  return [r.x + r.w / 2, r.y + r.h / 2] as const;
};

/** A lane of `n` one-second bars one after another. */
function oneLane(n: number): RunTimeline {
  const bars = Array.from({ length: n }, (_, i) => ({
    kind: 'iteration' as const,
    lane: 0,
    start: i * 1000,
    end: i * 1000 + 900,
    open: false,
    status: 'completed' as const,
    label: `${i}`,
    stepId: 's',
    iteration: i + 1,
  }));
  return { lanes: [{ key: 'l', kind: 'iterations', label: 'Iterations', depth: 1 }], bars, start: 0, end: n * 1000 };
}

describe('hit-testing', () => {
  it('finds the bar under the pointer, in its lane', () => {
    timeline.bars.forEach((bar, i) => {
      if (bar.end - bar.start < 1000) return;
      const [x, y] = centre(i);
      expect(hitTest(timeline, index, whole, g, x, y), bar.label).toBe(i);
    });
  });

  it('misses the gutter, the axis, empty time and rows below the lanes', () => {
    const [x, y] = centre(0);
    expect(hitTest(timeline, index, whole, g, 10, y)).toBeNull();
    expect(hitTest(timeline, index, whole, g, x, 5)).toBeNull();
    expect(hitTest(timeline, index, whole, g, x, g.axis + timeline.lanes.length * g.row + 5)).toBeNull();
    const gather = timeline.bars.findIndex((b) => b.stepId === 'gather');
    const r = barRect(timeline, gather, whole, g);
    expect(hitTest(timeline, index, whole, g, r.x + r.w + 40, r.y + 2)).toBeNull();
  });

  it('takes the nearest of several thin bars within a few pixels', () => {
    const many = oneLane(10_000);
    const manyIndex = indexLanes(many);
    const view = { start: 5_000_000, end: 5_010_000 };
    const r = barRect(many, 5003, view, g);
    expect(hitTest(many, manyIndex, view, g, r.x + 1, r.y + 1)).toBe(5003);
    expect(hitTest(many, manyIndex, view, g, r.x + r.w + 2, r.y + 1)).toBe(5003);
  });
});

describe('lane index', () => {
  it('finds the bars of a lane in view by binary search', () => {
    const many = oneLane(10_000);
    expect(visibleRange(indexLanes(many), 0, { start: 2_500_500, end: 2_503_100 })).toEqual([2500, 2504]);
  });
});

describe('keyboard neighbours', () => {
  it('moves along a lane and across lanes to the bar nearest in time', () => {
    const iterations = timeline.bars.map((b, i) => [b, i] as const).filter(([b]) => b.kind === 'iteration');
    const [first, second] = iterations.map(([, i]) => i);
    expect(neighbour(timeline, index, first!, 'right')).toBe(second);
    expect(neighbour(timeline, index, second!, 'right')).toBe(second);
    expect(neighbour(timeline, index, second!, 'left')).toBe(first);
    const below = neighbour(timeline, index, second!, 'down')!;
    expect(timeline.bars[below]!.lane).toBe(timeline.bars[second!]!.lane + 1);
    expect(neighbour(timeline, index, null, 'right')).toBe(index.order[0]![0]);
  });
});

describe('drawing', () => {
  it('paints every bar of a small run', () => {
    const { ctx } = countingContext();
    expect(drawTimeline(ctx, timeline, index, whole, g, () => '#000', { hovered: null, focused: null })).toBe(timeline.bars.length);
  });

  it('paints at most about one bar per pixel of a 10,000-bar lane zoomed out, and only the view zoomed in', () => {
    const many = oneLane(10_000);
    const manyIndex = indexLanes(many);
    const { ctx } = countingContext();
    const all = drawTimeline(ctx, many, manyIndex, { start: many.start, end: many.end }, g, () => '#000', { hovered: null, focused: null });
    expect(all).toBeLessThanOrEqual(g.width);
    expect(all).toBeGreaterThan(100);
    expect(drawTimeline(ctx, many, manyIndex, { start: 100_000, end: 110_000 }, g, () => '#000', { hovered: null, focused: null })).toBe(11);
  });
});
