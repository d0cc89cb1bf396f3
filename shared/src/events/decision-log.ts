import { z } from 'zod';
import type { ErrorDetail } from '../errors/error-details';
import { issuesToDetails } from '../errors/error-details';
import { optional } from '../plan/common';
import { TodoSummary } from '../todos/schema';
import { TodoTaskRouteSelected, type EventInput } from './payloads';
import { RecordedDecisionFields, TodoTaskResponseFields } from './todo-task-response';

// selection_reasoning is planvas' addition to the seed's TodoTaskResponse (docs/formats.md
// "TodoTaskResponse"): the log writer's struct lacks it, so a log line leaves it untyped.
const { selection_reasoning: _notLogged, ...LoggedResponseFields } = TodoTaskResponseFields;

/**
 * One line of the seed system's orchestrator decision log, `logs/<step-id>/todo-task-execution.json`
 * (docs/formats.md "Decision log"). `step_index` is 1-based here, `iteration` may be
 * missing (read as 1). Loose: the real writer adds fields over time (`preferred_tier`, ...).
 */
export const DecisionLogResponse = z.looseObject({ ...LoggedResponseFields, ...RecordedDecisionFields });
export type DecisionLogResponse = z.infer<typeof DecisionLogResponse>;

export const DecisionLogLine = z.looseObject({
  type: optional(z.string()),
  step_index: optional(z.number().int()),
  step_path: optional(z.string()),
  step_id: z.string().min(1),
  step_title: optional(z.string()),
  iteration: optional(z.number().int().positive()),
  model: optional(z.string()),
  todo_task_response: DecisionLogResponse,
  todo_summary: optional(TodoSummary),
  timestamp: optional(z.string()),
});
export type DecisionLogLine = z.infer<typeof DecisionLogLine>;

export type DecisionLogParseResult =
  | { ok: true; lines: DecisionLogLine[]; /** The 0-based physical line of each entry of `lines`. */ lineIndexes: number[] }
  | { ok: false; details: ErrorDetail[] };

/**
 * Parses the JSON Lines text. Blank lines are skipped (a trailing newline or none are both fine).
 * Problems carry `$[<n>]` paths where n is the 0-based physical line, so `$[2].iteration` is the
 * third line's iteration. A line must also make a valid `todo_task_route_selected` event (the
 * import stores it as one): a response field of the wrong type (the line schema is loose) is
 * reported at its place in the line.
 */
export function parseDecisionLog(text: string): DecisionLogParseResult {
  const lines: DecisionLogLine[] = [];
  const lineIndexes: number[] = [];
  const details: ErrorDetail[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      details.push({ path: `$[${index}]`, message: `line ${index + 1} is not JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = DecisionLogLine.safeParse(value);
    if (!parsed.success) {
      details.push(...issuesToDetails(parsed.error.issues, [index]));
      return;
    }
    const line = value as DecisionLogLine;
    const event = TodoTaskRouteSelected.safeParse(decisionLogLineToEvent(line).data);
    if (!event.success) {
      const response = line.todo_task_response;
      for (const issue of event.error.issues) {
        // The event flattens todo_task_response into its data: a problem there is the response's.
        const [key, ...rest] = issue.path;
        const inResponse = typeof key === 'string' && Object.prototype.hasOwnProperty.call(response, key);
        details.push(...issuesToDetails([{ ...issue, path: inResponse ? ['todo_task_response', key, ...rest] : issue.path }], [index]));
      }
      return;
    }
    lines.push(line);
    lineIndexes.push(index);
  });
  if (details.length > 0) return { ok: false, details };
  if (lines.length === 0) return { ok: false, details: [{ path: '$', message: 'the decision log holds no lines' }] };
  return { ok: true, lines, lineIndexes };
}

/**
 * A decision-log line as the `todo_task_route_selected` event it records. The iteration defaults
 * to 1 (and `iteration_inferred` says so), the step index becomes 0-based, and every field of the
 * response, known or not, is carried over.
 */
export function decisionLogLineToEvent(line: DecisionLogLine): EventInput<'todo_task_route_selected'> & { timestamp?: string } {
  const { todo_task_response: response, iteration, step_index, ...rest } = line;
  const data: TodoTaskRouteSelected = {
    ...rest,
    ...response,
    step_index: Math.max(0, (step_index ?? 1) - 1),
    step_path: line.step_path ?? '',
    step_id: line.step_id,
    iteration: iteration ?? 1,
    ...(iteration == null ? { iteration_inferred: true } : {}),
    source: 'decision_log',
  };
  delete (data as Record<string, unknown>)['type'];
  return { type: 'todo_task_route_selected', data, ...(line.timestamp ? { timestamp: line.timestamp } : {}) };
}

/**
 * The decision-log line for a route-selected event, with the Go writer's zero values for absent
 * fields so seed-system readers find every key they expect.
 */
export function routeSelectedToDecisionLogLine(data: TodoTaskRouteSelected, timestamp: string): DecisionLogLine {
  return {
    type: 'routing',
    step_index: data.step_index + 1,
    step_path: data.step_path,
    step_id: data.step_id,
    step_title: data.step_title ?? '',
    iteration: data.iteration,
    model: data.model ?? '',
    todo_task_response: {
      all_tasks_complete: data.all_tasks_complete ?? false,
      completion_reason: data.completion_reason ?? '',
      instructions_to_sub_agent: data.instructions_to_sub_agent ?? '',
      next_action: data.next_action,
      preferred_tier: data.preferred_tier ?? 0,
      preferred_tier_label: data.preferred_tier_label ?? '',
      progress_summary: data.progress_summary ?? '',
      selected_route_id: data.selected_route_id ?? '',
      selected_route_name: data.selected_route_name ?? '',
      selected_sub_agent_path: data.selected_sub_agent_path ?? '',
      success_criteria_for_sub_agent: data.success_criteria_for_sub_agent ?? '',
      todo_id_to_execute: data.todo_id_to_execute ?? '',
      todo_title: data.todo_title ?? '',
      use_generic_agent: data.use_generic_agent ?? false,
    },
    todo_summary: {
      blocked: data.todo_summary?.blocked ?? 0,
      completed: data.todo_summary?.completed ?? 0,
      in_progress: data.todo_summary?.in_progress ?? 0,
      open: data.todo_summary?.open ?? 0,
      total: data.todo_summary?.total ?? 0,
    },
    timestamp,
  };
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    // No prototype: a line's own `__proto__` key is then kept as a key (and changes no prototype).
    const out = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * One line as Go's encoding/json writes it: compact, keys sorted, and `&`, `<`, `>`, U+2028,
 * U+2029 escaped. Those characters only ever occur inside JSON strings, so replacing them in the
 * serialised text is exact.
 */
export function formatDecisionLogLine(line: DecisionLogLine): string {
  return JSON.stringify(sortKeysDeep(line)).replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
