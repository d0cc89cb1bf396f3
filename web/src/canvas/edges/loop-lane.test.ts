import { describe, expect, it } from 'vitest';
import { LANE_GAP, loopLane } from './loop-lane';
import type { Box } from './node-boxes';

const box = (left: number, top: number, w = 100, h = 50): Box => ({ left, top, right: left + w, bottom: top + h });

describe('loopLane', () => {
  it('runs below every node between the two ends in LR, ignoring nodes outside the span', () => {
    const target = box(0, 0);
    const source = box(400, 0);
    const between = box(200, 100, 100, 80); // bottom 180
    const outside = box(900, 500); // beyond the span
    expect(loopLane([target, source, between, outside], source, target, 'LR')).toBe(180 + LANE_GAP);
  });

  it('runs right of every node between the two ends in TB', () => {
    const target = box(0, 0);
    const source = box(0, 400);
    const wide = box(-50, 200, 300, 50); // right 250
    expect(loopLane([target, source, wide, box(600, 900)], source, target, 'TB')).toBe(250 + LANE_GAP);
  });

  it('hugs the two ends when nothing lies between them', () => {
    expect(loopLane([], box(300, 10), box(0, 0), 'LR')).toBe(60 + LANE_GAP);
  });
});
