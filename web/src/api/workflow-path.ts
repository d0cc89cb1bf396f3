/** `/api/workflows/<id>`: a workflow id is a folder path, sent as ONE encoded path segment. */
export function workflowApiPath(id: string): string {
  return `/api/workflows/${encodeURIComponent(id)}`;
}
