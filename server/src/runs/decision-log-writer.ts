import { join } from 'node:path';
import { formatDecisionLogLine, routeSelectedToDecisionLogLine, type TodoTaskRouteSelected } from '@planvas/shared';
import { isSafeSegment } from '../workspace/safe-path';
import { LineAppender } from './line-appender';

export const DECISION_LOG_FILE = 'todo-task-execution.json';

/** `<base>/logs/<step-id>/todo-task-execution.json`; undefined for a step id that is not a plain folder name. */
export function decisionLogPath(base: string, stepId: string): string | undefined {
  return isSafeSegment(stepId) ? join(base, 'logs', stepId, DECISION_LOG_FILE) : undefined;
}

/**
 * Writes a run's orchestrator decisions in the seed system's decision-log format (docs/formats.md "Decision log"), so
 * the seed system's popup can read planvas runs: to the workflow's own
 * `logs/<step-id>/todo-task-execution.json` (where that system looks), appended after whatever
 * earlier runs left, and to a per-run copy under `runs/<run-id>/logs/` that holds this run alone.
 * Both are written only inside `root` (the workspace root; by default the workflow folder), never
 * through a symlink.
 */
export class DecisionLogWriter {
  private readonly appenders = new Map<string, LineAppender>();

  constructor(
    private readonly workflowDir: string,
    private readonly runDir: string,
    private readonly root: string = workflowDir,
  ) {}

  private readonly targets = new Map<string, string[]>();

  append(data: TodoTaskRouteSelected, timestamp: string): Promise<void> {
    const line = formatDecisionLogLine(routeSelectedToDecisionLogLine(data, timestamp));
    let targets = this.targets.get(data.step_id);
    if (!targets) {
      targets = [decisionLogPath(this.workflowDir, data.step_id), decisionLogPath(this.runDir, data.step_id)].filter((p): p is string => p !== undefined);
      this.targets.set(data.step_id, targets);
    }
    return Promise.all(targets.map((path) => this.appenderFor(path).append(line))).then(() => undefined);
  }

  private appenderFor(path: string): LineAppender {
    let appender = this.appenders.get(path);
    if (!appender) {
      appender = new LineAppender(path, this.root);
      this.appenders.set(path, appender);
    }
    return appender;
  }

  async close(): Promise<void> {
    await Promise.all([...this.appenders.values()].map((a) => a.close()));
    this.appenders.clear();
  }
}
