import './notifications.css';
import { useCallback, useEffect, useRef } from 'react';
import { useAppStoreApi } from '../store/store-context';
import { ConnectionStatus } from './connection-status';
import type { ConnectionState } from './connection-monitor';
import { useTabTitle } from './tab-title';
import { useRunNotifications } from './use-run-notifications';

/**
 * Everything that tells the user about what happens while they look elsewhere: run toasts and
 * desktop notifications, the tab title's badges, and the connection banner. Mounted once, by the
 * app shell.
 *
 * The runs list has no stream of its own: it is read again when the server is back and when the
 * tab is shown again, so runs started or ended meanwhile (in another tab, by an external runtime)
 * get their toasts then.
 */
export function NotificationsHost() {
  const store = useAppStoreApi();
  const { unseenFailure } = useRunNotifications();
  useTabTitle(unseenFailure);
  const online = useRef(true);

  const reloadRuns = useCallback(() => {
    const { workflowId, loadRuns } = store.getState();
    if (workflowId !== null && online.current) void loadRuns(workflowId);
  }, [store]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') reloadRuns();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [reloadRuns]);

  const onConnection = useCallback(
    (state: ConnectionState, reconnected: boolean) => {
      online.current = state === 'online';
      if (reconnected) reloadRuns();
    },
    [reloadRuns],
  );
  return <ConnectionStatus onChange={onConnection} />;
}
