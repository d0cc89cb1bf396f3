import type { SequenceItem } from '@planvas/shared';
import type { Size } from '../handles';

/** Width and height of the body every delegating / item-running node starts with (title, description, chips). */
const BASE: Size = { width: 300, height: 154 };
/** One row of the item list (nodes.css `.pv-items__row` agrees). */
export const ITEM_ROW = 20;
/** Items drawn on the node; the rest are counted in a last row. */
export const ITEMS_SHOWN = 5;

/** The items a node lists: `items`, else the older `messages` (objects only; anything else is kept but not drawn). */
export function listedItems(step: { items?: ReadonlyArray<SequenceItem> | null; messages?: ReadonlyArray<unknown> | null }): {
  items: SequenceItem[];
  legacyMessages: boolean;
} {
  if (Array.isArray(step.items) && step.items.length > 0) return { items: step.items.filter(isItem), legacyMessages: false };
  const messages = Array.isArray(step.messages) ? step.messages.filter(isItem) : [];
  return { items: messages, legacyMessages: messages.length > 0 };
}

function isItem(value: unknown): value is SequenceItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rows the item list takes: one per shown item, one for "+N more", none without items. */
export function itemRows(count: number): number {
  return count === 0 ? 0 : Math.min(count, ITEMS_SHOWN) + (count > ITEMS_SHOWN ? 1 : 0);
}

/**
 * The content size of todo_task, orchestrator, agent and message_sequence nodes: the common body,
 * then the item list (with its small heading) when the step has items.
 */
export function delegatingContent(data: { step: { items?: ReadonlyArray<SequenceItem> | null; messages?: ReadonlyArray<unknown> | null } }): Size {
  const rows = itemRows(listedItems(data.step).items.length);
  return rows === 0 ? BASE : { width: BASE.width, height: BASE.height + 6 + rows * ITEM_ROW };
}
