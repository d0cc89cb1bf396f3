import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';
import { Toasts } from './toasts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToasts() {
  const store = createAppStore();
  render(
    <StoreProvider store={store}>
      <Toasts />
    </StoreProvider>,
  );
  return store;
}

describe('Toasts', () => {
  it('an action button does what the toast is about and dismisses it', () => {
    const store = renderToasts();
    const run = vi.fn();
    act(() => void store.getState().toast({ tone: 'attention', message: 'Run #2 is waiting for your answer', action: { label: 'Answer', run } }));
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveAttribute('data-tone', 'attention');
    fireEvent.click(within(toast).getByRole('button', { name: 'Answer' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('goes by itself after a while, unless sticky or held under the pointer', () => {
    vi.useFakeTimers();
    const store = renderToasts();
    act(() => {
      store.getState().toast({ tone: 'info', message: 'passing' });
      store.getState().toast({ tone: 'attention', message: 'sticky', sticky: true });
      store.getState().toast({ tone: 'success', message: 'held' });
    });
    fireEvent.pointerEnter(screen.getByText('held').closest('[data-testid="toast"]')!);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['sticky', 'held']);
    fireEvent.pointerLeave(screen.getByText('held').closest('[data-testid="toast"]')!);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['sticky']);
  });
});
