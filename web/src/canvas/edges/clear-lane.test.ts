import { describe, expect, it } from 'vitest';
import { CLEARANCE, clearLane, TURN_GAP } from './clear-lane';
import type { Box } from './node-boxes';

const box = (left: number, top: number, w: number, h: number): Box => ({ left, top, right: left + w, bottom: top + h });

describe('clearLane', () => {
  it('keeps the halfway turn when nothing is in the way', () => {
    expect(clearLane([box(0, 400, 100, 50)], { x: 100, y: 0 }, { x: 500, y: 200 }, 'LR')).toBe(300);
  });

  it('LR: turns just before the target when the sub-agents sit halfway (the demo todo_task\'s "next" edge)', () => {
    // The todo_task's Next handle at its bottom right, its generic agent right of it and above
    // the handle's height, the next step further right.
    const genericAgent = box(709, 469, 226, 116);
    const lane = clearLane([genericAgent], { x: 612, y: 607 }, { x: 1031, y: 495 }, 'LR');
    expect(lane).toBe(1031 - TURN_GAP);
  });

  it('TB: the same below the parent, turning above the target', () => {
    const genericAgent = box(846, 354, 229, 120);
    const subAgent = box(562, 354, 229, 120);
    const lane = clearLane([genericAgent, subAgent], { x: 1097, y: 272 }, { x: 877, y: 553 }, 'TB');
    expect(lane).toBe(553 - TURN_GAP);
  });

  it('turns beside a node when halfway and both ends are taken', () => {
    // Nodes between the two legs' lines, where each of the three first choices would turn.
    const nearSource = box(110, 50, 60, 100);
    const middle = box(270, 50, 60, 100);
    const nearTarget = box(430, 50, 60, 100);
    const lane = clearLane([nearSource, nearTarget, middle], { x: 100, y: 0 }, { x: 500, y: 200 }, 'LR');
    // Beside the middle node, nearest halfway.
    expect(lane).toBe(270 - CLEARANCE);
  });

  it('gives up (undefined) when the ends are in line, too close, or no lane is clear', () => {
    expect(clearLane([], { x: 0, y: 50 }, { x: 400, y: 50 }, 'LR')).toBeUndefined();
    expect(clearLane([], { x: 0, y: 0 }, { x: 30, y: 200 }, 'LR')).toBeUndefined();
    // A wall across the whole way.
    expect(clearLane([box(0, 100, 1000, 20)], { x: 500, y: 0 }, { x: 100, y: 400 }, 'TB')).toBeUndefined();
  });
});
