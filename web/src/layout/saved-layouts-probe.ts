/**
 * Whether a workflow has no saved layout at all, from the body of GET /api/workflows/:id/layout
 * (the page's prefetch, main.tsx): only then is ELK worth loading before the app asks. Any doubt
 * (no answer, an error answer, a body that is not an empty object) says false: ELK then loads
 * when the first layout is asked for, as it would without this look. A text comparison, as a
 * plan's saved layouts run to ~200 KB and this runs as the page starts.
 */
export function hasNoSavedLayout(body: string | undefined): boolean {
  return body !== undefined && /^\s*\{\s*\}\s*$/.test(body);
}
