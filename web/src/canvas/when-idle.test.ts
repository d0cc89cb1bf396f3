import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for an idle period, at most 2 s, where the browser can tell', () => {
    const idle = vi.fn<(cb: IdleRequestCallback, options?: IdleRequestOptions) => number>(() => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const callback = vi.fn();
    const stop = whenIdle(callback);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(callback).not.toHaveBeenCalled();
    idle.mock.calls[0]![0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledTimes(1);
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back to a short delay without requestIdleCallback, and can be cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const callback = vi.fn();
    whenIdle(callback);
    vi.advanceTimersByTime(299);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
