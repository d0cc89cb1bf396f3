import { useEffect } from 'react';
import { useWorkflowsApi } from '../../api/workflows-api-context';
import { useAppStoreApi } from '../../store/store-context';
import { createWorkflowListSync } from './workflow-list-sync';

/**
 * Follows the workspace's change stream while the app is mounted and the tab is visible, keeping
 * the sidebar's rows live. A hidden tab lets go of its stream: a browser gives a site only a few
 * connections at once (six over HTTP/1.1, for every tab together), and each tab already holds the
 * open workflow's stream and the followed run's. Shown again, the stream's `ready` after the
 * reconnect has the list read again, so nothing missed meanwhile stays missed.
 */
export function useLiveWorkflowList(): void {
  const api = useWorkflowsApi();
  const store = useAppStoreApi();
  useEffect(() => {
    const sync = createWorkflowListSync(store, api);
    let stop: (() => void) | null = null;
    const follow = () => {
      if (stop === null && document.visibilityState !== 'hidden') stop = api.watchWorkspace(sync.handle);
    };
    const pause = () => {
      stop?.();
      stop = null;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? pause() : follow());
    follow();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      pause();
      sync.stop();
    };
  }, [api, store]);
}
