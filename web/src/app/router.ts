import { useSyncExternalStore } from 'react';

/**
 * URL <-> open workflow, with the history API: `/workflows/<encoded id>` (the id is a folder path
 * such as `Team/Ops/FourSpaceIndent`, encoded as one segment). Reload and back/forward work.
 */
const PREFIX = '/workflows/';
const NAVIGATE_EVENT = 'planvas:navigate';

export function pathForWorkflow(id: string): string {
  return `${PREFIX}${encodeURIComponent(id)}`;
}

/** The workflow id in a path, or null. Tolerates an unencoded id (`/workflows/Team/Ops/X`) typed by hand. */
export function workflowIdFromPath(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const rest = pathname.slice(PREFIX.length).replace(/\/+$/, '');
  if (rest === '') return null;
  try {
    return rest
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
}

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
