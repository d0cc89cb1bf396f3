import { describe, expect, it } from 'vitest';
import { clampView, formatDuration, MIN_SPAN_MS, panBy, revealRange, ticks, timeToX, xToTime, zoomAt } from './time-view';

const bounds = { start: 1000, end: 11_000 };

describe('time view math', () => {
  it('zooms around the anchor, which stays where it was on screen', () => {
    const view = zoomAt(bounds, 0.5, 3000, bounds);
    expect(view).toEqual({ start: 2000, end: 7000 });
    expect(timeToX(3000, view, 0, 100)).toBeCloseTo(timeToX(3000, bounds, 0, 100));
  });

  it('never zooms out past the run, nor in past the narrowest span', () => {
    expect(zoomAt(bounds, 4, 6000, bounds)).toEqual(bounds);
    const tiny = zoomAt(bounds, 1e-9, 5000, bounds);
    expect(tiny.end - tiny.start).toBe(MIN_SPAN_MS);
  });

  it('pans within the run', () => {
    const view = { start: 2000, end: 4000 };
    expect(panBy(view, 1000, bounds)).toEqual({ start: 3000, end: 5000 });
    expect(panBy(view, -5000, bounds)).toEqual({ start: 1000, end: 3000 });
    expect(panBy(view, 50_000, bounds)).toEqual({ start: 9000, end: 11_000 });
  });

  it('keeps a view wider than a zero-length run valid', () => {
    expect(clampView({ start: 5, end: 5 }, { start: 5, end: 5 })).toEqual({ start: 5, end: 5 + MIN_SPAN_MS });
  });

  it('maps x to time and back', () => {
    expect(xToTime(timeToX(4321, bounds, 50, 800), bounds, 50, 800)).toBeCloseTo(4321);
  });

  it('reveals a bar out of view with a small margin and leaves a visible one alone', () => {
    const view = { start: 2000, end: 4000 };
    expect(revealRange(view, 2500, 2600, bounds)).toBe(view);
    expect(revealRange(view, 8000, 8100, bounds)).toEqual({ start: 6200, end: 8200 });
    expect(revealRange(view, 1200, 1300, bounds)).toEqual({ start: 1100, end: 3100 });
  });

  it('puts ticks at round steps from the run start', () => {
    expect(ticks(bounds, 1000, 1000, 100).map((t) => t.label)).toEqual(['0 ms', '1 s', '2 s', '3 s', '4 s', '5 s', '6 s', '7 s', '8 s', '9 s', '10 s']);
  });

  it('formats durations short', () => {
    expect([0.25, 12, 850, 1234, 61_000, 3_780_000].map(formatDuration)).toEqual(['0.25 ms', '12 ms', '850 ms', '1.23 s', '1 min 01 s', '1 h 03 min']);
  });
});
