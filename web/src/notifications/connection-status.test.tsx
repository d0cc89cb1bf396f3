import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onReconnected, reportConnection } from '../api/connection-signals';
import { browserConnectionDeps, ConnectionStatus } from './connection-status';
import type { ConnectionMonitorDeps } from './connection-monitor';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The real bus (api/connection-signals.ts) and browser events; only the probe is the test's. */
function depsWith(probe: () => Promise<boolean>): ConnectionMonitorDeps {
  return { ...browserConnectionDeps, probe };
}

describe('ConnectionStatus', () => {
  it('says nothing while the server answers; a live region is there all along', () => {
    render(<ConnectionStatus deps={depsWith(() => Promise.resolve(true))} />);
    const status = screen.getByTestId('connection-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('data-state', 'online');
    expect(status).toBeEmptyDOMElement();
  });

  it('offline when a client loses the server and the probe fails too; "Reconnected" when it is back, then quiet', async () => {
    vi.useFakeTimers();
    let up = false;
    const streamsHeard = vi.fn();
    const stop = onReconnected(streamsHeard);
    const onChange = vi.fn();
    render(<ConnectionStatus deps={depsWith(() => Promise.resolve(up))} onChange={onChange} />);
    const status = screen.getByTestId('connection-status');

    await act(async () => {
      reportConnection('lost');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status).toHaveAttribute('data-state', 'offline');
    expect(status).toHaveTextContent('Offline — reconnecting…');
    expect(onChange).toHaveBeenLastCalledWith('offline', false);

    up = true;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(status).toHaveAttribute('data-state', 'online');
    expect(status).toHaveTextContent('Reconnected');
    expect(onChange).toHaveBeenLastCalledWith('online', true);
    expect(streamsHeard).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(status).toBeEmptyDOMElement();
    stop();
  });

  it('"Retry now" checks at once', async () => {
    const user = userEvent.setup();
    let up = false;
    const probe = vi.fn(() => Promise.resolve(up));
    render(<ConnectionStatus deps={depsWith(probe)} />);
    await act(async () => reportConnection('lost'));
    const status = screen.getByTestId('connection-status');
    expect(status).toHaveAttribute('data-state', 'offline');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(status).toHaveAttribute('data-state', 'online');
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
