import type { FlowNode, SequenceItem, SubAgentStep } from '@planvas/shared';
import type { RunContext } from '../run-context';
import { runStepAgent } from '../agent-calls';
import { validateStep } from '../step-validation';
import { StepFailure } from '../step-failure';
import { stepOutputs, stepText } from '../step-field-readers';
import { emitStatus } from '../step-status-events';
import { validationOf } from '../step-config-lookups';
import type { StepPosition } from '../step-position';
import { validateOutputs } from '../validation';

/**
 * message_sequence, and an agent step without routes: its items (or the older `messages`) run in
 * order in one conversation. Each item is announced with `sequence_item` events (started, then
 * completed, with the iteration for foreach):
 * - user_message (older `message`, or no type): the agent is given the item's message;
 * - foreach: its message runs once per row; planvas has no database to read `source_sql` from, so
 *   it runs `max_iterations` times (1 when unset);
 * - prevalidation: the item's schema (else the step's) is checked against the execution folder
 *   (the agent of each earlier item is asked for the files it requires);
 * - scripted (and the older `code`): the runtime's scripts; planvas has the agent do the step's
 *   work in their place, and says so in the event (`simulated: true`).
 * Then the step's own validation runs, as for any step.
 */
export async function runSequenceStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as SubAgentStep & { items?: SequenceItem[] | null; messages?: unknown[] | null };
  const items = sequenceItems(step);
  emitStatus(ctx, step, position, 'executing');
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as SequenceItem;
    const itemId = item.id ?? `item-${i + 1}`;
    const type = item.type == null || item.type === '' ? 'user_message' : item.type;
    const runs = type === 'foreach' ? Math.max(1, Math.min(item.max_iterations ?? 1, ctx.options.maxSteps)) : 1;
    for (let iteration = 1; iteration <= runs; iteration++) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('cancelled');
      const base = { step_id: step.id, item_id: itemId, item_type: type, index: i, ...(type === 'foreach' ? { iteration } : {}) };
      ctx.emit({ type: 'sequence_item', data: { ...base, status: 'started' } });
      await ctx.pace();
      if (type === 'prevalidation') {
        const outcome = await validateOutputs(item.validation_schema ?? validationOf(ctx, step), ctx.paths.executionDir);
        ctx.emit({ type: 'validation_result', data: { step_id: step.id, item_id: itemId, passed: outcome.passed, problems: outcome.problems } });
        if (!outcome.passed)
          throw new StepFailure(
            'validation',
            `prevalidation "${itemId}" of "${step.id}" failed: ${outcome.problems[0]?.message ?? 'see the problems'}`,
            step.id,
          );
      } else {
        const run = { item, type, index: i, count: items.length, ...(type === 'foreach' ? { iteration, iterations: runs } : {}) };
        await runStepAgent(ctx, step, instructionsOf(step, item, type), [...new Set([...stepOutputs(step), ...checkedLater(items, i)])], run);
      }
      const simulated = type === 'scripted' || type === 'code';
      ctx.emit({ type: 'sequence_item', data: { ...base, status: 'completed', ...(simulated ? { simulated: true } : {}) } });
    }
  }
  await validateStep(ctx, step, position);
  return 'next';
}

/** The items, else the older `messages` read as items; a step with neither runs its description once. */
function sequenceItems(step: { items?: SequenceItem[] | null; messages?: unknown[] | null; description?: string | null }): SequenceItem[] {
  if (step.items && step.items.length > 0) return step.items;
  const messages = (step.messages ?? []).filter((m): m is SequenceItem => typeof m === 'object' && m !== null);
  if (messages.length > 0) return messages;
  return [{ id: 'execute', type: 'user_message', message: step.description ?? '' }];
}

function instructionsOf(step: SubAgentStep, item: SequenceItem, type: string): string {
  if (type === 'scripted' || type === 'code') {
    const calls = (item.scripted_steps ?? [])
      .map((call) => (typeof call === 'object' && call !== null ? String((call as { step_id?: unknown }).step_id ?? '') : ''))
      .filter(Boolean);
    return `Do what the scripts ${calls.join(', ') || 'of this item'} would do: ${stepText(step, 'description') ?? ''}`;
  }
  return item.message ?? stepText(step, 'description') ?? '';
}

/**
 * Files a later prevalidation item requires: the conversation up to it is what must write them, so
 * the agent of an item is asked for them too.
 */
function checkedLater(items: ReadonlyArray<SequenceItem>, index: number): string[] {
  const files: string[] = [];
  for (const later of items.slice(index + 1)) {
    if (later.type !== 'prevalidation') continue;
    for (const file of later.validation_schema?.files ?? []) if (file.must_exist !== false && file.file_name) files.push(file.file_name);
  }
  return files;
}
