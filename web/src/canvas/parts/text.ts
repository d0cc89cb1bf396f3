/** First `max` characters of a text on one line, for node excerpts (the inspector shows it whole). */
export function excerpt(text: string | null | undefined, max = 160): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function titleOf(step: { id: string; title?: string | null }): string {
  return step.title?.trim() ? step.title : step.id;
}
