import { decisionLogLineToEvent, parseDecisionLog, type DecisionLogLine, type ImportRunBody, type RunSummary } from '@planvas/shared';
import { ApiError } from '../errors';
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
    if (!path) throw new ApiError(400, 'invalid_step_id', runMessages.invalidStepId(stepId), [{ path: '$.stepId', message: 'not a single folder name' }]);
    try {
      // Never through a link out of the root, and never echoing what such a link leads to.
      text = (await readFileInside(workspace.root, path)).toString('utf8');
    } catch (error) {
      if (isMissing(error)) throw new ApiError(404, 'decision_log_missing', runMessages.decisionLogMissing(stepId));
      throw error;
    }
    source = `logs/${stepId}/${DECISION_LOG_FILE}`;
  }
  const parsed = parseDecisionLog(text);
  if (!parsed.ok) throw new ApiError(400, 'decision_log_invalid', runMessages.decisionLogInvalid, parsed.details);
  const lines = body.stepId !== undefined && body.text !== undefined ? parsed.lines.filter((l) => l.step_id === body.stepId) : parsed.lines;

  const summary = await runs.create({ workflowId: files.id, provider: 'import', importedFrom: source });
  const events: EventToStore[] = [{ type: 'run_status', data: { status: 'running', workflow_id: files.id, provider: 'import', source } }];
  for (const line of lines) {
    const event = decisionLogLineToEvent(line);
    events.push({ type: event.type, data: event.data, ...(event.timestamp ? { timestamp: event.timestamp } : {}) });
  }
  for (const completion of completionsOf(lines)) events.push(completion);
  events.push({ type: 'run_status', data: { status: 'completed' } });
  await runs.append(summary.id, events);
  await runs.flush();
  return runs.get(summary.id) ?? summary;
}

/** The step-completed event a decision log implies: per step, its `complete` line (the latest iteration). */
function completionsOf(lines: ReadonlyArray<DecisionLogLine>): EventToStore[] {
  const byStep = new Map<string, DecisionLogLine[]>();
  for (const line of lines) byStep.set(line.step_id, [...(byStep.get(line.step_id) ?? []), line]);
  const out: EventToStore[] = [];
  for (const [stepId, stepLines] of byStep) {
    const last = [...stepLines].sort((a, b) => (a.iteration ?? 1) - (b.iteration ?? 1)).at(-1)!;
    if (last.todo_task_response.next_action !== 'complete') continue;
    out.push({
      type: 'todo_task_step_completed',
      data: {
        step_index: Math.max(0, (last.step_index ?? 1) - 1),
        step_path: last.step_path ?? '',
        step_id: stepId,
        step_title: last.step_title ?? '',
        total_iterations: Math.max(...stepLines.map((l) => l.iteration ?? 1)),
        total_todos_count: last.todo_summary?.total ?? 0,
        completed_count: last.todo_summary?.completed ?? 0,
        completion_reason: last.todo_task_response.completion_reason ?? '',
        source: 'decision_log',
      },
      ...(last.timestamp ? { timestamp: last.timestamp } : {}),
    });
  }
  return out;
}
