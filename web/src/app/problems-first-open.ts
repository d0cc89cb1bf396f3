/**
 * The problems panel floats over the canvas, so it opens by itself only the first time a workflow
 * with problems is opened in this browser; after that the toolbar's count is enough to find it.
 * Remembered in localStorage, a bounded list of workflow ids (most recent last).
 */
export type ProblemsSeenStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const PROBLEMS_SEEN_KEY = 'planvas:problems-seen';
/** Plenty for one person's workspaces; the oldest ids drop out so the entry cannot grow forever. */
export const PROBLEMS_SEEN_LIMIT = 500;

function readSeen(storage: ProblemsSeenStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PROBLEMS_SEEN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * True when the problems panel should open by itself for this workflow: it has problems and they
 * were never shown for it in this browser. Records the showing. Without storage (disabled,
 * private mode quirks) every open counts as the first: the panel is better shown than lost.
 */
export function shouldOpenProblems(storage: ProblemsSeenStorage | null, workflowId: string, problemCount: number): boolean {
  if (problemCount === 0) return false;
  if (!storage) return true;
  const seen = readSeen(storage);
  if (seen.includes(workflowId)) return false;
  try {
    storage.setItem(PROBLEMS_SEEN_KEY, JSON.stringify([...seen, workflowId].slice(-PROBLEMS_SEEN_LIMIT)));
  } catch {
    // A full or refused storage only means the panel may open again next time.
  }
  return true;
}
