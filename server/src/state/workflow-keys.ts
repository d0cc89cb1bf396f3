import { ownEntry, putEntry } from './own-keys';

/**
 * Entries of planvas' state keyed by workflow id, when a workflow is moved, copied or deleted. A
 * workflow's folder holds the workflows nested in it, so what happens to `A` happens to `A/B`
 * too: "under" means the id itself or an id inside its folder. Ids such as `__proto__` are
 * read and written as own entries only (own-keys.ts).
 */

/** True when `key` is workflow `id` or a workflow inside its folder (`id/…`). */
export function isSameOrUnder(key: string, id: string): boolean {
  return key === id || key.startsWith(`${id}/`);
}

/** `key` (under `from`) as it is called once `from` is called `to`. */
export function movedKey(key: string, from: string, to: string): string {
  return `${to}${key.slice(from.length)}`;
}

/** Drops the entries of `id` and of the workflows in its folder. */
export function removeEntriesUnder<T>(record: Record<string, T>, id: string): void {
  for (const key of Object.keys(record)) if (isSameOrUnder(key, id)) delete record[key];
}

/**
 * Re-keys the entries under `from` to `to`. What was kept under `to` before belonged to a
 * workflow that is no longer there (the place of a move is empty): dropped first, so it is not
 * taken for the moved workflow's.
 */
export function moveEntriesUnder<T>(record: Record<string, T>, from: string, to: string): void {
  const moving = Object.keys(record)
    .filter((key) => isSameOrUnder(key, from))
    .map((key) => [key, ownEntry(record, key) as T] as const);
  removeEntriesUnder(record, to);
  for (const [key] of moving) delete record[key];
  for (const [key, value] of moving) putEntry(record, movedKey(key, from, to), value);
}

/** Gives `to` a copy of `from`'s own entry (not of the workflows in its folder), dropping what `to` had. */
export function copyEntry<T>(record: Record<string, T>, from: string, to: string): void {
  removeEntriesUnder(record, to);
  const value = ownEntry(record, from);
  if (value !== undefined) putEntry(record, to, structuredClone(value));
}
