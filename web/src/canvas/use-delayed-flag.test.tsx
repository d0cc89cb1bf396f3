import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './use-delayed-flag';

function Probe({ flag }: { flag: boolean }) {
  return <span data-testid="out">{String(useDelayedFlag(flag, 400))}</span>;
}

describe('useDelayedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true only once the flag has stayed true for the delay, and false with it at once', () => {
    const view = render(<Probe flag />);
    const out = () => view.getByTestId('out').textContent;
    void act(() => vi.advanceTimersByTime(399));
    expect(out()).toBe('false');
    void act(() => vi.advanceTimersByTime(1));
    expect(out()).toBe('true');
    view.rerender(<Probe flag={false} />);
    expect(out()).toBe('false');
  });

  it('starts the delay again each time the flag turns true (a short wait never shows)', () => {
    const view = render(<Probe flag />);
    const out = () => view.getByTestId('out').textContent;
    void act(() => vi.advanceTimersByTime(300));
    view.rerender(<Probe flag={false} />);
    view.rerender(<Probe flag />);
    void act(() => vi.advanceTimersByTime(300));
    expect(out()).toBe('false');
    void act(() => vi.advanceTimersByTime(100));
    expect(out()).toBe('true');
  });
});
