import { join } from 'node:path';
import type { WorkspaceRepository } from '../workspace/workspace-repository';

/** Where a run's files are: `<workflow>/runs/<run-id>/` (the seed system's run layout). */
export interface RunPaths {
  /** The workspace root (real path): no run file is read or written outside it (confined-fs). */
  root: string;
  workflowId: string;
  workflowDir: string;
  runDir: string;
  /** `events.jsonl`: the durable event log. */
  eventsPath: string;
  /** The run's working folder: context_output files and `<step-id>/todos.json`. */
  executionDir: string;
}

/** The paths of run `runId` of the workflow in `workflowDir`. */
export function pathsOf(root: string, workflowDir: string, workflowId: string, runId: string): RunPaths {
  const runDir = join(workflowDir, 'runs', runId);
  return { root, workflowId, workflowDir, runDir, eventsPath: join(runDir, 'events.jsonl'), executionDir: join(runDir, 'execution') };
}

/** The paths of run `runId` of workflow `workflowId`, wherever the workspace has the workflow now. */
export async function locateRunPaths(workspace: Pick<WorkspaceRepository, 'root' | 'locate'>, workflowId: string, runId: string): Promise<RunPaths> {
  const files = await workspace.locate(workflowId);
  return pathsOf(workspace.root, files.dir, files.id, runId);
}
