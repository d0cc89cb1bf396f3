/** `/api/workflows/<id>`: a workflow id is a folder path, sent as ONE encoded path segment. */
export function workflowApiPath(id: string): string {
  return `/api/workflows/${encodeURIComponent(id)}`;
}

/**
 * The view settings and saved layouts of a workflow: read by the API client and prefetched on a
 * deep link (prefetch.ts), which is matched by path, so both take them from here.
 */
export const workflowViewPath = (id: string): string => `${workflowApiPath(id)}/view`;
export const workflowLayoutsPath = (id: string): string => `${workflowApiPath(id)}/layout`;
