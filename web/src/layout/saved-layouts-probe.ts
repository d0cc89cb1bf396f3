/**
 * Whether a workflow has no saved layout at all, read from GET /api/workflows/:id/layout by the
 * layout worker as the page starts (elk.worker.ts `preload`): only then is ELK worth loading before
 * the app asks. Any doubt (an error answer, no network, a body that is not an object) says false:
 * ELK then loads when the first layout is asked for, as it would without this look.
 */
export async function hasNoSavedLayout(url: string, headers: Record<string, string>, doFetch: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await doFetch(url, { headers: { ...headers, accept: 'application/json' } });
    if (!response.ok) return false;
    const saved = (await response.json()) as unknown;
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved) && Object.keys(saved).length === 0;
  } catch {
    return false;
  }
}
