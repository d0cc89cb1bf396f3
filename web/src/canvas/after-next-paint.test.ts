import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  // Frames are driven by hand: `paint()` runs the callbacks of the next frame.
  let frames: Map<number, FrameRequestCallback>;
  let nextFrame: number;
  const paint = () => {
    const callbacks = [...frames.values()];
    frames.clear();
    for (const callback of callbacks) callback(performance.now());
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = new Map();
    nextFrame = 1;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task of its own after the next frame, not in the frame', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();
    paint();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    // The fallback timer does not call it a second time.
    vi.advanceTimersByTime(500);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after 100 ms when no frame comes (a hidden page draws none)', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The fallback queues the call as a task of its own, like the frame does.
    vi.runOnlyPendingTimers();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
    paint();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, before or after the frame', () => {
    const early = vi.fn();
    afterNextPaint(early)();
    const late = vi.fn();
    const cancelLate = afterNextPaint(late);
    paint();
    cancelLate();
    vi.advanceTimersByTime(500);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
