import { useEffect, useRef, useState } from 'react';
import { CloudCheck, CloudOff } from 'lucide-react';
import { announceReconnected, onConnectionSignal, probeServer } from '../api/connection-signals';
import { createConnectionMonitor, type ConnectionMonitor, type ConnectionMonitorDeps, type ConnectionState } from './connection-monitor';

/** How long "Reconnected" stays once the server is back. */
const RECONNECTED_MS = 4000;

export const browserConnectionDeps: ConnectionMonitorDeps = {
  probe: () => probeServer(),
  onSignal: onConnectionSignal,
  announceReconnected,
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onBrowserOnlineChange(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/**
 * The server going away and coming back, said where everyone sees it: a banner at the top of the
 * window, "Offline — reconnecting…" while the server cannot be reached, then "Reconnected" for a
 * few seconds. The live region is always in the page (empty while all is well), so screen readers
 * announce the change. `onChange` lets the page read again, once back, what streams do not bring back.
 */
export function ConnectionStatus({
  deps = browserConnectionDeps,
  onChange,
}: {
  deps?: ConnectionMonitorDeps;
  onChange?: (state: ConnectionState, reconnected: boolean) => void;
}) {
  const [state, setState] = useState<ConnectionState>('online');
  const [justReconnected, setJustReconnected] = useState(false);
  const monitor = useRef<ConnectionMonitor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const created = createConnectionMonitor(deps, (next, back) => {
      setState(next);
      setJustReconnected(back);
      changed.current?.(next, back);
    });
    monitor.current = created;
    setState(created.state);
    return () => {
      created.stop();
      monitor.current = null;
    };
  }, [deps]);

  useEffect(() => {
    if (!justReconnected) return;
    const timer = setTimeout(() => setJustReconnected(false), RECONNECTED_MS);
    return () => clearTimeout(timer);
  }, [justReconnected]);

  const shown = state === 'offline' || justReconnected;
  return (
    <div
      className={`pv-connection${shown ? ' is-shown' : ''} pv-connection--${state}`}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-state={state}
      data-reconnected={justReconnected ? 'true' : undefined}
    >
      {state === 'offline' && (
        <div className="pv-connection__banner">
          <CloudOff size={15} aria-hidden />
          <span>
            <strong>Offline — reconnecting…</strong>{' '}
            <span className="pv-connection__hint">The planvas server cannot be reached; your edits stay in this browser.</span>
          </span>
          <button type="button" className="pv-button pv-connection__retry" onClick={() => monitor.current?.retryNow()}>
            Retry now
          </button>
        </div>
      )}
      {state === 'online' && justReconnected && (
        <div className="pv-connection__banner">
          <CloudCheck size={15} aria-hidden />
          <strong>Reconnected</strong>
        </div>
      )}
    </div>
  );
}
