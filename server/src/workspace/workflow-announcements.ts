import { readFile } from 'node:fs/promises';
import type { DocumentWrites, WriteContext } from './document-writes';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';
import type { WorkflowFiles } from './workflow-files';

/** The revisions of a workflow's documents where it is now (null: no such file). */
export interface AddedRevisions {
  planRevision: string | null;
  stepConfigRevision: string | null;
}

/**
 * Tells the change streams that workflows are gone (moved away or deleted through the API), as
 * planvas' own change: both documents removed, the plan last, since the workflow list follows
 * the plan (`workflows: { removed }`). Sent right after the folder went, so the stream reports it
 * before the file system's own events are even read, and a page's tab knows it by its client id.
 */
export function announceRemoved(writes: DocumentWrites, ids: ReadonlyArray<string>, context: WriteContext): void {
  for (const id of ids) {
    writes.announce(id, 'step_config', null, context);
    writes.announce(id, 'plan', null, context);
  }
}

/**
 * Tells the change streams that a workflow appeared (copied or moved in): reads its documents
 * where they now are, located as for any route (so never through a link out of the root), the
 * step config first so a listener that learns of the workflow from its plan knows both. A
 * workflow that cannot be located there is not one (its plan linked out): nothing is told.
 */
export async function announceAdded(writes: DocumentWrites, id: string, context: WriteContext): Promise<AddedRevisions> {
  let files: WorkflowFiles;
  try {
    files = await writes.locate(id);
  } catch {
    return { planRevision: null, stepConfigRevision: null };
  }
  const stepConfigRevision = await revisionAt(files.stepConfigPath);
  const planRevision = await revisionAt(files.planPath);
  if (stepConfigRevision !== null) writes.announce(id, 'step_config', stepConfigRevision, context);
  if (planRevision !== null) writes.announce(id, 'plan', planRevision, context);
  return { planRevision, stepConfigRevision };
}

async function revisionAt(path: string): Promise<string | null> {
  try {
    return revisionOf(await readFile(path));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
