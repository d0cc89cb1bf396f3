import { join } from 'node:path';
import { findStepConfig, type StepConfig } from '@planvas/shared';
import { appendFileInside } from '../../runs/confined-fs';
import { isSafeSegment } from '../../workspace/safe-path';

export interface LearningEntry {
  routeId: string;
  subAgentStepId: string;
  runId: string;
  parentStepId: string;
  timestamp: string;
  /** The todos this sub-agent completed in the step, with their results. */
  work: Array<{ title: string; result: string }>;
}

export const LEARNINGS_FILE = 'learnings.md';

/**
 * Records what a predefined sub-agent did under `learnings/<sub-agent step id>/learnings.md`
 * (only predefined routes learn: docs/formats.md "The todo_task step"). A sub-agent whose step config says
 * `disable_learning` or `lock_learnings` is left alone. Returns the file written, if any.
 */
export async function recordLearning(root: string, learningsDir: string, config: StepConfig | undefined, entry: LearningEntry): Promise<string | undefined> {
  if (!isSafeSegment(entry.subAgentStepId)) return undefined;
  const agentConfigs = findStepConfig(config, entry.subAgentStepId)?.agent_configs;
  if (agentConfigs?.disable_learning === true || agentConfigs?.lock_learnings === true) return undefined;
  const dir = join(learningsDir, entry.subAgentStepId);
  const lines = [
    '',
    `## planvas run ${entry.runId} (${entry.timestamp})`,
    '',
    `Route \`${entry.routeId}\` of step \`${entry.parentStepId}\` completed ${entry.work.length} todo(s); the step's validation passed.`,
    '',
    ...entry.work.map((w) => `- ${w.title}: ${w.result.replace(/\s+/g, ' ').trim()}`),
    '',
  ];
  const file = join(dir, LEARNINGS_FILE);
  // Confined to the workspace root at the moment of writing: a learnings folder or file swapped for
  // a symlink out of the root during the run is refused, not written through.
  await appendFileInside(root, file, lines.join('\n'));
  return file;
}
