import { isEvent, type PlanvasEvent } from '@planvas/shared';

// The lower-cased text a search reads of each event, made once per event object: searching
// 10,000 events on every keystroke must not serialise them again each time.
const texts = new WeakMap<PlanvasEvent, string>();

/** What the all-events search looks in: the type, then the whole payload as JSON (step ids, values, nested fields). */
function searchTextOf(event: PlanvasEvent): string {
  let text = texts.get(event);
  if (text === undefined) {
    text = `${event.type}\n${JSON.stringify(event.data)}`.toLowerCase();
    texts.set(event, text);
  }
  return text;
}

/** The search's words: every one must be found in an event for it to match (as the iterations' search). */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The events that hold every word of the query (all of them, the same array, for an empty one). */
export function eventsMatching(events: ReadonlyArray<PlanvasEvent>, query: string): ReadonlyArray<PlanvasEvent> {
  const words = searchWords(query);
  if (words.length === 0) return events;
  return events.filter((event) => {
    const text = searchTextOf(event);
    return words.every((word) => text.includes(word));
  });
}

/** The branch a step chose, read from a `branch_taken` event that passed its schema. */
export type BranchChoice = { stepId: string; choice: string; handle: string; target: string; reason?: string };

export function branchChoiceOf(event: PlanvasEvent): BranchChoice | undefined {
  if (!isEvent(event, 'branch_taken')) return undefined;
  const { step_id: stepId, choice, handle, next_step_id: target, reason } = event.data;
  return { stepId, choice, handle, target, ...(reason ? { reason } : {}) };
}

/** `choose-depth took “standard” → draft-report`; the flow handle too when it is not the choice itself. */
export function branchChoiceText(branch: BranchChoice): string {
  const via = branch.handle !== branch.choice ? ` (handle ${branch.handle})` : '';
  return `${branch.stepId} took “${branch.choice}”${via} → ${branch.target}`;
}
