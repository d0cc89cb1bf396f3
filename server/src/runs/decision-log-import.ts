import {
  TodoTaskStepCompleted,
  decisionLogLineToEvent,
  issuesToDetails,
  parseDecisionLog,
  type DecisionLogLine,
  type ErrorDetail,
  type EventInput,
  type ImportRunBody,
  type RunSummary,
} from '@planvas/shared';
import { InvalidInput, NotFound } from '../errors/domain-errors';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { isMissing } from '../workspace/safe-path';
import { readFileInside } from './confined-fs';
import { DECISION_LOG_FILE, decisionLogPath } from './decision-log-writer';
import type { EventToStore } from './event-log';
import { runMessages } from './messages';
import type { RunStore } from './run-store';

/**
 * Imports a seed-system decision log as a run of provider `import`: each line becomes a
 * `todo_task_route_selected` event in file order (the grouping by iteration, missing = 1, is the
 * viewer's job, exactly as for live runs), stamped with the line's own timestamp; a final
 * `complete` line also yields the step-completed summary. The log must be valid as a whole:
 * a bad line refuses the import with the path of each problem and creates nothing.
 */
export async function importDecisionLog(runs: RunStore, workspace: WorkspaceRepository, workflowId: string, body: ImportRunBody): Promise<RunSummary> {
  const files = await workspace.locate(workflowId);
  let text = body.text;
  let source = 'posted text';
  if (text === undefined) {
    const stepId = body.stepId!;
    const path = decisionLogPath(files.dir, stepId);
    if (!path) throw new InvalidInput('invalid_step_id', runMessages.invalidStepId(stepId), [{ path: '$.stepId', message: 'not a single folder name' }]);
    try {
      // Never through a link out of the root, and never echoing what such a link leads to.
      text = (await readFileInside(workspace.root, path)).toString('utf8');
    } catch (error) {
      if (isMissing(error)) throw new NotFound('decision_log_missing', runMessages.decisionLogMissing(stepId));
      throw error;
    }
    source = `logs/${stepId}/${DECISION_LOG_FILE}`;
  }
  const parsed = parseDecisionLog(text);
  if (!parsed.ok) throw new InvalidInput('decision_log_invalid', runMessages.decisionLogInvalid, parsed.details);
  const picked = parsed.lines.map((line, i) => ({ line, index: parsed.lineIndexes[i]! }));
  const lines = body.stepId !== undefined && body.text !== undefined ? picked.filter((l) => l.line.step_id === body.stepId) : picked;
  // Each line was checked as its route-selected event by parseDecisionLog; the completion a log
  // implies is checked here (its counts come from a todo_summary, whose numbers may be anything).
  const completions = completionsOf(lines);
  const problems = completions.flatMap(completionProblems);
  if (problems.length > 0) throw new InvalidInput('decision_log_invalid', runMessages.decisionLogInvalid, problems);

  const summary = await runs.create({ workflowId: files.id, provider: 'import', importedFrom: source });
  const events: EventToStore[] = [{ type: 'run_status', data: { status: 'running', workflow_id: files.id, provider: 'import', source } }];
  for (const { line } of lines) {
    const event = decisionLogLineToEvent(line);
    events.push({ type: event.type, data: event.data, ...(event.timestamp ? { timestamp: event.timestamp } : {}) });
  }
  for (const { event } of completions) events.push(event);
  events.push({ type: 'run_status', data: { status: 'completed' } });
  await runs.append(summary.id, events);
  await runs.flush();
  return runs.get(summary.id) ?? summary;
}

type NumberedLine = { line: DecisionLogLine; index: number };
type Completion = { event: EventInput<'todo_task_step_completed'> & { timestamp?: string }; index: number };

/** Where an implied completion's counts come from in its line. */
const COMPLETION_FIELDS_IN_LINE = new Map<PropertyKey, PropertyKey[]>([
  ['total_todos_count', ['todo_summary', 'total']],
  ['completed_count', ['todo_summary', 'completed']],
]);

/** Problems of an implied completion, at the place in its line (`$[n]`) the bad value came from. */
function completionProblems({ event, index }: Completion): ErrorDetail[] {
  const parsed = TodoTaskStepCompleted.safeParse(event.data);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const [field, ...rest] = issue.path;
    const inLine = field === undefined ? undefined : COMPLETION_FIELDS_IN_LINE.get(field);
    return issuesToDetails([{ ...issue, path: inLine ? [...inLine, ...rest] : issue.path }], [index]);
  });
}

/** The step-completed event a decision log implies: per step, its `complete` line (the latest iteration). */
function completionsOf(lines: ReadonlyArray<NumberedLine>): Completion[] {
  const byStep = new Map<string, NumberedLine[]>();
  for (const entry of lines) byStep.set(entry.line.step_id, [...(byStep.get(entry.line.step_id) ?? []), entry]);
  const out: Completion[] = [];
  for (const [stepId, entries] of byStep) {
    const { line: last, index } = [...entries].sort((a, b) => (a.line.iteration ?? 1) - (b.line.iteration ?? 1)).at(-1)!;
    if (last.todo_task_response.next_action !== 'complete') continue;
    out.push({
      index,
      event: {
        type: 'todo_task_step_completed',
        data: {
          step_index: Math.max(0, (last.step_index ?? 1) - 1),
          step_path: last.step_path ?? '',
          step_id: stepId,
          step_title: last.step_title ?? '',
          total_iterations: Math.max(...entries.map((e) => e.line.iteration ?? 1)),
          total_todos_count: last.todo_summary?.total ?? 0,
          completed_count: last.todo_summary?.completed ?? 0,
          completion_reason: last.todo_task_response.completion_reason ?? '',
          source: 'decision_log',
        },
        ...(last.timestamp ? { timestamp: last.timestamp } : {}),
      },
    });
  }
  return out;
}
