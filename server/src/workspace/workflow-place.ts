import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Conflict, InvalidWorkflowId, WorkflowExists } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { SKIPPED_FOLDERS } from './discover-workflows';
import { joinAsOnDisk } from './folder-names-as-on-disk';
import { pathExists } from './path-exists';
import { assertIdOutsideRunFolders, runFolderOfRealPath } from './run-folders';
import { checkWorkflowId, isInside, realPathInside } from './safe-path';

/** Where a copied or moved workflow would go. */
export interface WorkflowPlace {
  /** The new id (NFC). */
  id: string;
  /** Its folder under the root, the parts that exist spelled as on disk (an NFD folder is gone into, not doubled). */
  path: string;
  /** The real path of the deepest part of `path` that exists (the root at least). */
  existingReal: string;
}

/**
 * Checks `rawId` as the place of a new workflow folder, the way creating one does: the id's own
 * checks, no run folder, hidden or reserved folder on the way, and the part that exists already
 * must be real folders inside the root, not leading into a run folder through a link. Whether
 * something is at the place itself is the caller's question (a move may meet its own folder
 * under another case). `detailPath` says where the id was in the request.
 */
export async function checkNewWorkflowPlace(rootReal: string, rawId: string, detailPath: string): Promise<WorkflowPlace> {
  const check = checkWorkflowId(rawId);
  if (!check.ok) throw new InvalidWorkflowId(rawId, check.reason, detailPath);
  const { id, segments } = check;
  assertIdOutsideRunFolders(id, segments, detailPath);
  const hidden = segments.find((s) => s.startsWith('.') || SKIPPED_FOLDERS.has(s));
  if (hidden) throw new InvalidWorkflowId(id, `"${hidden}" is a reserved or hidden folder name, where workflows are not looked for`, detailPath);
  const path = await joinAsOnDisk(rootReal, segments);
  const existingReal = await assertCreatableInside(rootReal, id, path);
  const runFolder = runFolderOfRealPath(rootReal, existingReal);
  if (runFolder !== undefined)
    throw new Conflict('target_in_run_folder', messages.targetInRunFolder(id, runFolder), [{ path: detailPath, message: 'in a run folder' }]);
  return { id, path, existingReal };
}

/**
 * The deepest part of the new path that exists already must be a real folder inside the root;
 * answers its real path.
 */
export async function assertCreatableInside(root: string, id: string, lexical: string): Promise<string> {
  let probe = lexical;
  while (!(await pathExists(probe))) probe = join(probe, '..');
  const real = await realPathInside(root, probe);
  if (!real || !isInside(root, real)) throw new InvalidWorkflowId(id, 'it leads outside the workspace root');
  if (!(await stat(real)).isDirectory()) {
    throw new WorkflowExists(id, messages.invalidWorkflowId(id, `${probe.slice(root.length + 1)} is a file`));
  }
  return real;
}
