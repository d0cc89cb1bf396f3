/**
 * `/workflows/<encoded id>` <-> workflow id. Free of React: main.tsx reads the id before the app's
 * code has loaded, to start fetching the plan at once (api/prefetch.ts).
 */
const PREFIX = '/workflows/';

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
