import { generationTraits } from '../generations';
import { isLegacyItemType, ITEM_TYPES, type SequenceItem } from '../items';
import type { Problem } from '../problems';
import type { CheckContext } from './kind-spec';

/**
 * Items need an id, unique within their step, a type the runtime knows, and what their type needs:
 * a user message its `message`, a foreach its `source_sql` and `message`, a prevalidation a schema
 * (its own, `prevalidation`, or the step's). coding-agent-loop's message_sequence takes neither
 * the older `message` type nor agentworks' `scripted` (validateMessageSequenceStepFieldsTypedWithOptions).
 */
export function itemChecks(
  step: { id: string; items?: ReadonlyArray<SequenceItem> | null; validation_schema?: unknown },
  context: CheckContext,
  options: { atLeastOne?: boolean } = {},
): Problem[] {
  const strict = generationTraits(context.generation).graphChecks;
  const refusedTypes = generationTraits(context.generation).refusedItemTypes;
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
    const where = `item "${id ?? i + 1}" of "${step.id}"`;
    if (type != null && refusedTypes.includes(type)) {
      problems.push({ code: 'unknown_item_type', severity: 'error', path: context.at(['items', i, 'type']), stepId: step.id, message: `${where} has type "${type}", which this generation's message_sequence does not run` });
    } else if (type === 'code') {
      problems.push({ code: 'removed_item_type', severity: 'error', path: context.at(['items', i, 'type']), stepId: step.id, message: `item "${id ?? i + 1}" of "${step.id}" uses the removed type "code"; runtimes since contract v1.0.10 load it only to migrate it to a scripted item` });
    } else if (isLegacyItemType(type)) {
      problems.push({ code: 'legacy_item_type', severity: 'info', path: context.at(['items', i, 'type']), stepId: step.id, message: `item "${id ?? i + 1}" of "${step.id}" uses the older type "${type}"; newer runtimes read it only to migrate it` });
    } else if (type != null && !(ITEM_TYPES as readonly string[]).includes(type)) {
      problems.push({ code: 'unknown_item_type', severity: 'warning', path: context.at(['items', i, 'type']), stepId: step.id, message: `${where} has type "${type}", which no known runtime runs (known: ${ITEM_TYPES.join(', ')})` });
    }
    if (strict) problems.push(...itemContentChecks(item, type ?? 'user_message', where, ['items', i], step, context));
  });
  return problems;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function itemContentChecks(item: SequenceItem, type: string, where: string, at: Array<string | number>, step: { id: string; validation_schema?: unknown }, context: CheckContext): Problem[] {
  const missing = (field: string, why: string): Problem => ({ code: 'missing_required_field', severity: 'error', path: context.at([...at, field]), stepId: step.id, message: `${where} needs ${field} (${why})` });
  const out: Problem[] = [];
  if ((type === 'user_message' || type === 'message' || type === 'foreach') && blank(item.message)) out.push(missing('message', `a ${type} item sends it`));
  if (type === 'foreach' && blank(item.source_sql)) out.push(missing('source_sql', 'a foreach item loops over its rows'));
  if (type === 'prevalidation' && item.validation_schema == null && item.prevalidation == null && step.validation_schema == null) {
    out.push(missing('validation_schema', 'a prevalidation item checks against it, its prevalidation or the step\'s schema'));
  }
  return out;
}
