import { useSyncExternalStore } from 'react';
import { pathForWorkflow, workflowIdFromPath } from './workflow-route';

/**
 * URL <-> open workflow, with the history API: `/workflows/<encoded id>` (the id is a folder path
 * such as `Team/Ops/FourSpaceIndent`, encoded as one segment). Reload and back/forward work.
 */
const NAVIGATE_EVENT = 'planvas:navigate';

export { pathForWorkflow, workflowIdFromPath };

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
