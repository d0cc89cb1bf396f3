import type { DrawContext } from './timeline-draw';

/**
 * A 2D context that only counts the rectangles drawn: the drawing's own cost without rasterising,
 * for the tests (at most one rectangle per pixel) and the bench (e2e/bench/run-timeline.bench.ts).
 */
export function countingContext(): { ctx: DrawContext; rects: () => number } {
  let rects = 0;
  const noop = () => {};
  const ctx = {
    fillRect: () => void rects++,
    strokeRect: noop,
    fillText: noop,
    clearRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    stroke: noop,
    save: noop,
    restore: noop,
    setLineDash: noop,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
  } as unknown as DrawContext;
  return { ctx, rects: () => rects };
}
