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
  step: { id: string; items?: ReadonlyArray<SequenceItem> | null; validation_schema?: unknown; authored_prompt?: unknown; system_prompt?: unknown },
  context: CheckContext,
  options: { atLeastOne?: boolean } = {},
): Problem[] {
  const strict = generationTraits(context.generation).graphChecks;
  const scriptedRules = generationTraits(context.generation).scriptedItems;
  const refusedTypes = generationTraits(context.generation).refusedItemTypes;
  const problems: Problem[] = [];
  if (options.atLeastOne && (step.items ?? []).length === 0) {
    problems.push({
      code: 'no_items',
      severity: 'error',
      path: context.at(['items']),
      stepId: step.id,
      message: `"${step.id}" has no items; the runtime needs at least one`,
    });
  }
  const seen = new Map<string, number>();
  (step.items ?? []).forEach((item, i) => {
    const id = item.id;
    if (id == null || id.trim() === '') {
      problems.push({
        code: 'missing_item_id',
        severity: 'error',
        path: context.at(['items', i, 'id']),
        stepId: step.id,
        message: `item ${i + 1} of "${step.id}" has no id`,
      });
    } else if (seen.has(id)) {
      problems.push({
        code: 'duplicate_item_id',
        severity: 'error',
        path: context.at(['items', i, 'id']),
        stepId: step.id,
        message: `item id "${id}" is used twice in "${step.id}" (also item ${(seen.get(id) ?? 0) + 1})`,
      });
    } else {
      seen.set(id, i);
    }
    // An empty type means user_message (the runtime's default).
    const type = item.type === '' ? null : item.type;
    const where = `item "${id ?? i + 1}" of "${step.id}"`;
    if (type != null && refusedTypes.includes(type)) {
      problems.push({
        code: 'unknown_item_type',
        severity: 'error',
        path: context.at(['items', i, 'type']),
        stepId: step.id,
        message: `${where} has type "${type}", which this generation's message_sequence does not run`,
      });
    } else if (type === 'code') {
      problems.push({
        code: 'removed_item_type',
        severity: 'error',
        path: context.at(['items', i, 'type']),
        stepId: step.id,
        message: `item "${id ?? i + 1}" of "${step.id}" uses the removed type "code"; runtimes since contract v1.0.10 load it only to migrate it to a scripted item`,
      });
    } else if (isLegacyItemType(type)) {
      problems.push({
        code: 'legacy_item_type',
        severity: 'info',
        path: context.at(['items', i, 'type']),
        stepId: step.id,
        message: `item "${id ?? i + 1}" of "${step.id}" uses the older type "${type}"; newer runtimes read it only to migrate it`,
      });
    } else if (type != null && !(ITEM_TYPES as readonly string[]).includes(type)) {
      problems.push({
        code: 'unknown_item_type',
        severity: 'warning',
        path: context.at(['items', i, 'type']),
        stepId: step.id,
        message: `${where} has type "${type}", which no known runtime runs (known: ${ITEM_TYPES.join(', ')})`,
      });
    }
    if (strict) problems.push(...itemContentChecks(item, type ?? 'user_message', where, ['items', i], step, context));
    if (scriptedRules) problems.push(...scriptedItemChecks(item, type ?? 'user_message', where, ['items', i], step, context));
  });
  if (scriptedRules) problems.push(...authoredPromptChecks(step, context));
  return problems;
}

/**
 * The older `messages` of a todo_task / orchestrator (validateTodoTaskStepFieldsTyped): each needs
 * what its type needs, and only message, user_message, prevalidation and foreach run (agentworks
 * also scripted).
 */
export function messageChecks(step: { id: string; messages?: ReadonlyArray<unknown> | null; validation_schema?: unknown }, context: CheckContext): Problem[] {
  if (!generationTraits(context.generation).graphChecks) return [];
  const known = ['message', 'user_message', 'prevalidation', 'foreach', ...(generationTraits(context.generation).scriptedItems ? ['scripted'] : [])];
  const problems: Problem[] = [];
  (step.messages ?? []).forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null) return;
    const message = entry as SequenceItem;
    const type = message.type == null || message.type === '' ? 'message' : message.type;
    const where = `message ${i + 1} of "${step.id}"`;
    if (!known.includes(type)) {
      problems.push({
        code: 'unknown_item_type',
        severity: 'error',
        path: context.at(['messages', i, 'type']),
        stepId: step.id,
        message: `${where} has type "${type}"; use ${known.join(', ')}`,
      });
      return;
    }
    problems.push(...itemContentChecks(message, type, where, ['messages', i], step, context));
  });
  return problems;
}

const SCRIPTED_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const NOT_ON_SCRIPTED = ['message', 'source_sql', 'max_iterations', 'kind', 'write_access', 'validation_schema', 'prevalidation'] as const;

/**
 * agentworks' scripted items (agent_scripts.go, validateAgentStepFieldsTypedWithOptions): a safe id,
 * at least one script call with unique ids, max_parallel 0..8, none of the conversational fields;
 * and script calls on scripted items only.
 */
function scriptedItemChecks(
  item: SequenceItem,
  type: string,
  where: string,
  at: Array<string | number>,
  step: { id: string },
  context: CheckContext,
): Problem[] {
  const out: Problem[] = [];
  const bad = (field: Array<string | number>, message: string) =>
    out.push({ code: 'invalid_value', severity: 'error', path: context.at([...at, ...field]), stepId: step.id, message: `${where} ${message}` });
  const calls = item.scripted_steps ?? [];
  if (type !== 'scripted') {
    if (item.scripted_steps != null) bad(['scripted_steps'], 'has scripted_steps, which only a scripted item runs');
    if (item.max_parallel != null) bad(['max_parallel'], 'has max_parallel, which only a scripted item uses');
    return out;
  }
  if (typeof item.id === 'string' && item.id !== '' && !SCRIPTED_ID.test(item.id))
    bad(['id'], 'needs an id of letters, digits, _ and - (128 at most, starting with a letter or digit)');
  if (calls.length === 0) bad(['scripted_steps'], 'calls no script (scripted_steps is empty)');
  if (item.max_parallel != null && (item.max_parallel < 0 || item.max_parallel > 8))
    bad(['max_parallel'], `runs ${item.max_parallel} scripts at once; max_parallel is 0 to 8`);
  for (const field of NOT_ON_SCRIPTED)
    if (item[field] != null && !(field === 'write_access' && isEmptyObject(item[field]))) bad([field], `is scripted and cannot have ${field}`);
  const ids = new Set<string>();
  calls.forEach((call, c) => {
    const id = typeof call === 'object' && call !== null ? (call as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return;
    if (ids.has(id)) bad(['scripted_steps', c, 'id'], `calls script "${id}" twice`);
    ids.add(id);
  });
  return out;
}

/** An authored prompt needs the system prompt it authors, ends with a user message, and holds only user messages and scripts. */
function authoredPromptChecks(
  step: { id: string; items?: ReadonlyArray<SequenceItem> | null; authored_prompt?: unknown; system_prompt?: unknown },
  context: CheckContext,
): Problem[] {
  if (step.authored_prompt !== true) return [];
  const out: Problem[] = [];
  const items = step.items ?? [];
  const typeOf = (item: SequenceItem) => (item.type == null || item.type === '' ? 'user_message' : item.type);
  if (typeof step.system_prompt !== 'string' || step.system_prompt.trim() === '') {
    out.push({
      code: 'missing_required_field',
      severity: 'error',
      path: context.at(['system_prompt']),
      stepId: step.id,
      message: `"${step.id}" has an authored prompt but no system_prompt`,
    });
  }
  items.forEach((item, i) => {
    if (!['user_message', 'scripted'].includes(typeOf(item)))
      out.push({
        code: 'invalid_value',
        severity: 'error',
        path: context.at(['items', i, 'type']),
        stepId: step.id,
        message: `"${step.id}" has an authored prompt, which runs only user_message and scripted items`,
      });
  });
  const last = items[items.length - 1];
  if (last && typeOf(last) !== 'user_message')
    out.push({
      code: 'invalid_value',
      severity: 'error',
      path: context.at(['items', items.length - 1]),
      stepId: step.id,
      message: `"${step.id}" has an authored prompt, whose last item must be a user_message`,
    });
  return out;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function itemContentChecks(
  item: SequenceItem,
  type: string,
  where: string,
  at: Array<string | number>,
  step: { id: string; validation_schema?: unknown },
  context: CheckContext,
): Problem[] {
  const missing = (field: string, why: string): Problem => ({
    code: 'missing_required_field',
    severity: 'error',
    path: context.at([...at, field]),
    stepId: step.id,
    message: `${where} needs ${field} (${why})`,
  });
  const out: Problem[] = [];
  if ((type === 'user_message' || type === 'message' || type === 'foreach') && blank(item.message)) out.push(missing('message', `a ${type} item sends it`));
  if (type === 'foreach' && blank(item.source_sql)) out.push(missing('source_sql', 'a foreach item loops over its rows'));
  if (type === 'prevalidation' && item.validation_schema == null && item.prevalidation == null && step.validation_schema == null) {
    out.push(missing('validation_schema', "a prevalidation item checks against it, its prevalidation or the step's schema"));
  }
  return out;
}
