import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionSignal } from '../api/connection-signals';
import { createConnectionMonitor, type ConnectionMonitorDeps, type ConnectionState } from './connection-monitor';

/** A server the test switches off and on, the bus the clients report on, and the browser's network flag. */
function fakeWorld() {
  let up = true;
  let online = true;
  const signals = new Set<(signal: ConnectionSignal) => void>();
  const browser = new Set<(online: boolean) => void>();
  const probes: boolean[] = [];
  const announced: number[] = [];
  const deps: ConnectionMonitorDeps = {
    probe: () => {
      probes.push(up);
      return Promise.resolve(up);
    },
    onSignal: (listener) => {
      signals.add(listener);
      return () => signals.delete(listener);
    },
    announceReconnected: () => announced.push(Date.now()),
    browserOnline: () => online,
    onBrowserOnlineChange: (listener) => {
      browser.add(listener);
      return () => browser.delete(listener);
    },
  };
  return {
    deps,
    probes,
    announced,
    server: (value: boolean) => (up = value),
    signal: (signal: ConnectionSignal) => signals.forEach((l) => l(signal)),
    network: (value: boolean) => {
      online = value;
      browser.forEach((l) => l(value));
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(world: ReturnType<typeof fakeWorld>) {
  const changes: Array<[ConnectionState, boolean]> = [];
  const monitor = createConnectionMonitor(world.deps, (state, reconnected) => changes.push([state, reconnected]));
  return { monitor, changes };
}

describe('createConnectionMonitor', () => {
  it('a dropped stream with the server still there (a viewer cap, a proxy timeout) is not an outage', async () => {
    const world = fakeWorld();
    const { monitor, changes } = start(world);
    world.signal('lost');
    await vi.advanceTimersByTimeAsync(0);
    expect(world.probes).toEqual([true]);
    expect(monitor.state).toBe('online');
    expect(changes).toEqual([]);
  });

  it('the server gone: offline after a failed probe, probes again with back-off, back when one answers', async () => {
    const world = fakeWorld();
    const { monitor, changes } = start(world);
    world.server(false);
    world.signal('lost');
    // More drops while it checks or is offline ask for nothing more.
    world.signal('lost');
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.state).toBe('offline');
    expect(changes).toEqual([['offline', false]]);
    world.signal('lost');
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(world.probes).toEqual([false, false, false]);
    world.server(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(monitor.state).toBe('online');
    expect(changes).toEqual([
      ['offline', false],
      ['online', true],
    ]);
    expect(world.announced).toHaveLength(1);
    // Online again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(world.probes).toHaveLength(4);
    monitor.stop();
  });

  it('a stream that opens or any answer while offline is the server back at once', async () => {
    const world = fakeWorld();
    const { monitor, changes } = start(world);
    world.server(false);
    world.signal('lost');
    await vi.advanceTimersByTimeAsync(0);
    world.signal('reached');
    expect(monitor.state).toBe('online');
    expect(changes.at(-1)).toEqual(['online', true]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(world.probes).toEqual([false]);
  });

  it('the browser without network is offline without asking; its network back makes it check', async () => {
    const world = fakeWorld();
    const { monitor } = start(world);
    world.network(false);
    expect(monitor.state).toBe('offline');
    world.network(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.state).toBe('online');
  });

  it('"Retry now" probes at once instead of waiting for the next try', async () => {
    const world = fakeWorld();
    const { monitor } = start(world);
    world.server(false);
    world.signal('lost');
    await vi.advanceTimersByTimeAsync(0);
    world.server(true);
    monitor.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.state).toBe('online');
    expect(world.probes).toEqual([false, true]);
  });

  it('stopped, it hears nothing more', async () => {
    const world = fakeWorld();
    const { monitor, changes } = start(world);
    monitor.stop();
    world.server(false);
    world.signal('lost');
    world.network(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(changes).toEqual([]);
    expect(world.probes).toEqual([]);
  });
});
