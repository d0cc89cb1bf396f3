import { RICH_TODO_STATUSES, SEED_TODO_STATUSES } from './schema';

/**
 * The seed system's four statuses as buckets (`open | in_progress | completed | blocked`). Richer
 * statuses some runtimes write are read into these buckets so counts, progress and colours agree
 * whichever runtime produced the list; the original status string is always kept for display
 * (docs/formats.md "Todo statuses").
 */
export type TodoStatusGroup = (typeof SEED_TODO_STATUSES)[number];

// A Map, not an object: statuses are any text a runtime sends ("constructor", "__proto__"), and
// an object lookup would answer its prototype's members for those.
const GROUP_OF: ReadonlyMap<string, TodoStatusGroup> = new Map(
  Object.entries({
    open: 'open',
    planned: 'open',
    ready: 'open',
    in_progress: 'in_progress',
    delegated: 'in_progress',
    claim_returned: 'in_progress',
    needs_review: 'in_progress',
    needs_oracle: 'in_progress',
    // Waiting on a person is not progress the agent can make: it counts as blocked.
    needs_user: 'blocked',
    blocked: 'blocked',
    completed: 'completed',
    done: 'completed',
    // Intentionally skipped with a reason: closed, so it must not hold back "all complete".
    skipped: 'completed',
  } satisfies Record<string, TodoStatusGroup>),
);

/** Bucket of any status string; an unknown status is treated as not started (`open`). */
export function normalizeTodoStatus(status: string | null | undefined): TodoStatusGroup {
  if (status == null) return 'open';
  // Exact names are the norm; only odd spellings pay for trimming and lower-casing.
  return GROUP_OF.get(status) ?? GROUP_OF.get(status.trim().toLowerCase()) ?? 'open';
}

/** True when the status closes the item (completed, done, skipped). */
export function isClosedStatus(status: string | null | undefined): boolean {
  return normalizeTodoStatus(status) === 'completed';
}

/**
 * True for the statuses that mean "finished with a result" (`completed`, `done`): those produce a
 * `todo_task_item_completed` event. `skipped` closes an item without completing it, so it is
 * reported as an update instead.
 */
export function isCompletedStatus(status: string | null | undefined): boolean {
  const s = (status ?? '').trim().toLowerCase();
  return s === 'completed' || s === 'done';
}

/** Every status planvas knows, the seed system's four first. */
export const KNOWN_TODO_STATUSES: readonly string[] = [...new Set<string>([...SEED_TODO_STATUSES, ...RICH_TODO_STATUSES])];
