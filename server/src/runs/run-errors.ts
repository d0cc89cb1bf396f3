import { basename, isAbsolute, relative, sep } from 'node:path';
import { Conflict, NotFound } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { runMessages } from './messages';

// The refusals of the run store and of run data access. Their kinds are in domain-errors.ts, the
// HTTP status of each kind in plugins/error-handler.ts.

export class RunNotFound extends NotFound {
  constructor(runId: string) {
    super('run_not_found', runMessages.runNotFound(runId));
  }
}

/** The run has a final status: it takes no more events. */
export class RunEnded extends Conflict {
  constructor(runId: string, status: string) {
    super('run_ended', runMessages.runEnded(runId, status));
  }
}

/** A workflow with a run going (its run folder is being written) is neither moved nor deleted. */
export class WorkflowRunActive extends Conflict {
  constructor(workflowId: string, runs: ReadonlyArray<{ id: string; status: string }>) {
    super(
      'run_active',
      runMessages.runActive(workflowId, runs),
      runs.map((run) => ({ path: `runs.${run.id}`, message: run.status })),
      { activeRuns: runs.map((run) => run.id) },
    );
  }
}

/** A run of the workflow is starting while it is moved or deleted, or another move or delete of it is under way. */
export class WorkflowBusy extends Conflict {
  constructor(workflowId: string) {
    super('workflow_busy', runMessages.workflowBusy(workflowId));
  }
}

/**
 * Run data (`runs/`, `logs/`, `learnings/`) reached through a symbolic link, or leading out of
 * the workspace (confined-fs.ts). Names the path relative to the root, never an absolute path,
 * and nothing of what lies behind the link.
 */
export class PathOutsideWorkspace extends Conflict {
  constructor(root: string, path: string) {
    super('path_outside_workspace', messages.pathOutsideWorkspace(shownPath(root, path)));
  }
}

/** `path` relative to the root with `/` separators; never absolute (a path outside shows as its last name). */
function shownPath(root: string, path: string): string {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return basename(path);
  return rel.split(sep).join('/');
}

/** A worker's lease on a run ran out and another worker took it: this one must stop writing (team mode). */
export class LeaseLost extends Conflict {
  constructor(runId: string) {
    super('lease_lost', runMessages.leaseLost(runId));
  }
}
