import type { SequenceItem } from '../plan/items';

/**
 * Pure operations on a step's `items` list (message_sequence, agent, and the orchestrating kinds of
 * the newer generations), for the inspector's items editor. Each answers a new list and keeps
 * every field of every item it does not touch, unknown ones included; the caller writes the list
 * with updateStep, which validates it with the shared schemas.
 */
export type ItemList = ReadonlyArray<SequenceItem>;

/** A new item of `type`, its id `item-N` unique in the list, with the fields a user fills in next. */
export function newItem(items: ItemList, type: string): SequenceItem {
  const taken = new Set(items.map((item) => item.id).filter((id): id is string => typeof id === 'string'));
  let n = items.length + 1;
  while (taken.has(`item-${n}`)) n++;
  const id = `item-${n}`;
  switch (type) {
    case 'foreach':
      return { id, type, message: '', source_sql: '', max_iterations: 10 };
    case 'prevalidation':
      return { id, type, validation_schema: { files: [] } };
    case 'scripted':
      return { id, type, scripted_steps: [] };
    default:
      return { id, type, message: '' };
  }
}

export function addItem(items: ItemList, type: string, index = items.length): SequenceItem[] {
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), newItem(items, type), ...items.slice(at)];
}

export function removeItem(items: ItemList, index: number): SequenceItem[] {
  return items.filter((_, i) => i !== index);
}

/** Moves the item at `from` to `to`; out-of-range moves answer the list unchanged. */
export function moveItem(items: ItemList, from: number, to: number): SequenceItem[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as SequenceItem);
  return next;
}

/**
 * Sets fields of one item (`undefined` removes a field). Built with Object.entries so a key such
 * as `__proto__` becomes an own field, never the object's prototype.
 */
export function updateItem(items: ItemList, index: number, patch: Readonly<Record<string, unknown>>): SequenceItem[] {
  return items.map((item, i) => {
    if (i !== index) return item;
    const next = Object.fromEntries(Object.entries(item).filter(([key]) => !(key in patch) || patch[key] !== undefined));
    for (const [key, value] of Object.entries(patch))
      if (value !== undefined) Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
    return next as SequenceItem;
  });
}

/**
 * Changes an item's type. Fields the new type needs and lacks are added empty; the old type's
 * fields stay (the runtimes ignore what a type does not read), so switching back loses nothing.
 */
export function setItemType(items: ItemList, index: number, type: string): SequenceItem[] {
  const item = items[index];
  if (!item) return [...items];
  const fresh = newItem(items, type);
  const { id: _id, ...needed } = fresh;
  const missing = Object.fromEntries(Object.entries(needed).filter(([key]) => !(key in item)));
  return updateItem(items, index, { ...missing, type });
}
