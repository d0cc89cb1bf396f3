import { join, relative, sep } from 'node:path';
import { InvalidWorkflowId } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { pathExists } from './path-exists';
import { realPathInside } from './safe-path';

/**
 * The folders runs write into: `runs/<run-id>/…` (events, the execution folder, run logs),
 * `logs/`, `learnings/` and `execution/`. What is in them comes from runs (a scripted or model
 * agent decides file names and content there), so nothing under them may ever count as a
 * workflow: a workflow can be given a plan and a learn_code config over the API and be run, and
 * a plan.json a run wrote would turn API access into running a script the run wrote.
 */
export const RUN_FOLDERS: ReadonlySet<string> = new Set(['runs', 'logs', 'learnings', 'execution']);

/** The first run folder among a workflow id's folder names, if any. */
export function runFolderIn(segments: ReadonlyArray<string>): string | undefined {
  return segments.find((segment) => RUN_FOLDERS.has(segment));
}

/**
 * Refuses (InvalidWorkflowId) an id whose own folder names go through a run folder: checked on the text, before
 * any file system call, so such an id never reaches a read or a write.
 */
export function assertIdOutsideRunFolders(id: string, segments: ReadonlyArray<string>, detailPath = 'id'): void {
  const folder = runFolderIn(segments);
  if (folder !== undefined) throw runFolderRefused(id, folder, detailPath);
}

/** The run folder `realDir` (a real path inside `rootReal`) lies in, if any. */
export function runFolderOfRealPath(rootReal: string, realDir: string): string | undefined {
  const rel = relative(rootReal, realDir);
  return rel === '' ? undefined : runFolderIn(rel.split(sep));
}

/**
 * The same rule on where a folder really is: a harmless-looking id can lead into a run folder
 * through a symlink.
 */
export function isRealPathInRunFolder(rootReal: string, realDir: string): boolean {
  return runFolderOfRealPath(rootReal, realDir) !== undefined;
}

/**
 * For creating `lexicalDir` (which may not exist yet): the deepest part of it that exists must
 * not really lie in a run folder (a symlink may lead there). InvalidWorkflowId, like any id that cannot
 * become a workflow.
 */
export async function assertCreatableOutsideRunFolders(rootReal: string, id: string, lexicalDir: string): Promise<void> {
  let probe = lexicalDir;
  while (!(await pathExists(probe))) probe = join(probe, '..');
  const real = await realPathInside(rootReal, probe);
  const folder = real === undefined ? undefined : runFolderOfRealPath(rootReal, real);
  if (folder !== undefined) throw runFolderRefused(id, folder, '$.id');
}

function runFolderRefused(id: string, folder: string, detailPath: string): InvalidWorkflowId {
  return new InvalidWorkflowId(id, messages.runFolderNotWorkflow(folder), detailPath);
}
