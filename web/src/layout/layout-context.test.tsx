import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LayoutService } from './layout-client';
import { IDLE_WARM_DELAY_MS, LayoutProvider, useWarmLayoutWhileIdle } from './layout-context';

function Idle({ idle }: { idle: boolean }) {
  useWarmLayoutWhileIdle(idle);
  return null;
}

const service = () =>
  ({ preload: vi.fn(), cancelPreload: vi.fn(), warm: vi.fn(), dispose: vi.fn(), layout: vi.fn() }) satisfies Record<keyof LayoutService, unknown>;

describe('useWarmLayoutWhileIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warms ELK up once no plan has been open for a while', () => {
    const layout = service();
    render(
      <LayoutProvider service={layout as unknown as LayoutService}>
        <Idle idle />
      </LayoutProvider>,
    );
    void act(() => vi.advanceTimersByTime(IDLE_WARM_DELAY_MS - 1));
    expect(layout.warm).not.toHaveBeenCalled();
    void act(() => vi.advanceTimersByTime(1));
    expect(layout.warm).toHaveBeenCalledTimes(1);
  });

  it('does not when a plan opens first, as on a deep link', () => {
    const layout = service();
    const view = render(
      <LayoutProvider service={layout as unknown as LayoutService}>
        <Idle idle />
      </LayoutProvider>,
    );
    void act(() => vi.advanceTimersByTime(IDLE_WARM_DELAY_MS / 2));
    view.rerender(
      <LayoutProvider service={layout as unknown as LayoutService}>
        <Idle idle={false} />
      </LayoutProvider>,
    );
    void act(() => vi.advanceTimersByTime(IDLE_WARM_DELAY_MS * 5));
    expect(layout.warm).not.toHaveBeenCalled();
  });
});
