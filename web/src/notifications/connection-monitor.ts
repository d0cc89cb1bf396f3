import type { ConnectionSignal } from '../api/connection-signals';

export type ConnectionState = 'online' | 'offline';

export type ConnectionMonitorDeps = {
  /** Whether the server answers (api/connection-signals.ts `probeServer`). */
  probe(): Promise<boolean>;
  /** What the API clients report as they talk to the server. */
  onSignal(listener: (signal: ConnectionSignal) => void): () => void;
  /** Tells the streams the server is back (they open again, or stop waiting out a back-off). */
  announceReconnected(): void;
  /** `navigator.onLine`: false is sure (no network at all), true says nothing about the server. */
  browserOnline(): boolean;
  onBrowserOnlineChange(listener: (online: boolean) => void): () => void;
  /** Wait before probe n (1-based) while offline. */
  retryDelayMs?(attempt: number): number;
};

export type ConnectionMonitor = {
  readonly state: ConnectionState;
  /** Probes now instead of waiting for the next try (the banner's "Retry now"). */
  retryNow(): void;
  stop(): void;
};

const RETRY_DELAYS_MS = [1000, 2000, 3000, 5000];
const defaultRetryDelay = (attempt: number) => RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]!;

/**
 * Whether the page can reach the planvas server. A client that reports a drop (a stream's error, a
 * request that could not connect) only raises a doubt: the monitor probes `GET /api/health` and
 * says offline when that fails too (a stream also drops at a viewer cap or a proxy's timeout).
 * The browser saying it has no network at all is enough. Offline, it probes again and again (1,
 * 2, 3, then every 5 s) and a stream that opens or any answer brings it back at once; then the
 * streams hear it (`announceReconnected`) and `onChange` gets `reconnected`.
 */
export function createConnectionMonitor(deps: ConnectionMonitorDeps, onChange: (state: ConnectionState, reconnected: boolean) => void): ConnectionMonitor {
  const retryDelay = deps.retryDelayMs ?? defaultRetryDelay;
  let state: ConnectionState = 'online';
  let stopped = false;
  let checking = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Probes answer out of order after a retry-now: only the latest one counts.
  let probeId = 0;

  const goOnline = () => {
    clearTimeout(timer);
    checking = false;
    probeId++;
    if (state === 'online') return;
    state = 'online';
    attempt = 0;
    onChange('online', true);
    deps.announceReconnected();
  };

  const scheduleProbe = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), retryDelay(++attempt));
  };

  const goOffline = () => {
    if (state !== 'offline') {
      state = 'offline';
      onChange('offline', false);
    }
    scheduleProbe();
  };

  async function check(): Promise<void> {
    if (stopped) return;
    const mine = ++probeId;
    checking = true;
    const reachable = await deps.probe();
    if (stopped || mine !== probeId) return;
    checking = false;
    if (reachable && deps.browserOnline()) goOnline();
    else goOffline();
  }

  const stopSignals = deps.onSignal((signal) => {
    if (stopped) return;
    if (signal === 'reached') goOnline();
    else if (state === 'online' && !checking) void check();
  });
  const stopBrowser = deps.onBrowserOnlineChange((online) => {
    if (stopped) return;
    if (!online) {
      probeId++;
      checking = false;
      goOffline();
    } else if (state === 'offline') {
      clearTimeout(timer);
      void check();
    }
  });
  if (!deps.browserOnline()) goOffline();

  return {
    get state() {
      return state;
    },
    retryNow() {
      if (stopped || state === 'online') return;
      clearTimeout(timer);
      void check();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopSignals();
      stopBrowser();
    },
  };
}
