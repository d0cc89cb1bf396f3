import { isLegacyItemType, ITEM_TYPES, type SequenceItem } from '../items';
import type { Problem } from '../problems';
import type { CheckContext } from './kind-spec';

/** Items need an id, unique within their step, and a type the runtime knows. */
export function itemChecks(
  step: { id: string; items?: ReadonlyArray<SequenceItem> | null },
  context: CheckContext,
  options: { atLeastOne?: boolean } = {},
): Problem[] {
  const problems: Problem[] = [];
  if (options.atLeastOne && (step.items ?? []).length === 0) {
    problems.push({ code: 'no_items', severity: 'error', path: context.at(['items']), stepId: step.id, message: `"${step.id}" has no items; the runtime needs at least one` });
  }
  const seen = new Map<string, number>();
  (step.items ?? []).forEach((item, i) => {
    const id = item.id;
    if (id == null || id.trim() === '') {
      problems.push({ code: 'missing_item_id', severity: 'error', path: context.at(['items', i, 'id']), stepId: step.id, message: `item ${i + 1} of "${step.id}" has no id` });
    } else if (seen.has(id)) {
      problems.push({ code: 'duplicate_item_id', severity: 'error', path: context.at(['items', i, 'id']), stepId: step.id, message: `item id "${id}" is used twice in "${step.id}" (also item ${(seen.get(id) ?? 0) + 1})` });
    } else {
      seen.set(id, i);
    }
    // An empty type means user_message (the runtime's default).
    const type = item.type === '' ? null : item.type;
    if (type === 'code') {
      problems.push({ code: 'removed_item_type', severity: 'error', path: context.at(['items', i, 'type']), stepId: step.id, message: `item "${id ?? i + 1}" of "${step.id}" uses the removed type "code"; runtimes since contract v1.0.10 load it only to migrate it to a scripted item` });
    } else if (isLegacyItemType(type)) {
      problems.push({ code: 'legacy_item_type', severity: 'info', path: context.at(['items', i, 'type']), stepId: step.id, message: `item "${id ?? i + 1}" of "${step.id}" uses the older type "${type}"; newer runtimes read it only to migrate it` });
    } else if (type != null && !(ITEM_TYPES as readonly string[]).includes(type)) {
      problems.push({ code: 'unknown_item_type', severity: 'warning', path: context.at(['items', i, 'type']), stepId: step.id, message: `item "${id ?? i + 1}" of "${step.id}" has type "${type}", which no known runtime runs (known: ${ITEM_TYPES.join(', ')})` });
    }
  });
  return problems;
}
