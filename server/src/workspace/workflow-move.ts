import { lstat, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Conflict, WorkflowExists } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { discoverWorkflows } from './discover-workflows';
import type { DocumentWrites, WriteContext } from './document-writes';
import { makeFoldersInside, removeFoldersMade } from './folders-inside';
import { locateOwnFolder } from './own-workflow-folder';
import { isInside, isMissing } from './safe-path';
import { announceAdded, announceRemoved } from './workflow-announcements';
import { renameIntoPlace } from './workflow-duplication';
import { checkNewWorkflowPlace } from './workflow-place';

/** A workflow folder moved: its old and new id, the workflows in it that went along, and the way back. */
export interface MovedWorkflow {
  from: string;
  id: string;
  /** Every workflow id that moved, old -> new: the workflow's own first, then those nested in its folder. */
  moved: Array<{ from: string; to: string }>;
  /** Puts the folder back (the state that follows the workflow could not be written). */
  undo(): Promise<void>;
}

/**
 * Moves workflow `id`'s folder to `newId` with one rename, making the folders above the new place
 * (each checked to be a real folder inside the root). The folder must be the workflow's own (no
 * link, see own-workflow-folder.ts); the new place must pass the checks of a new workflow
 * (workflow-place.ts), hold nothing yet, and not lie inside the folder itself, by name or through a
 * link. Workflows nested in the folder move with it. Saves of its documents wait for the move.
 */
export async function moveWorkflow(writes: DocumentWrites, id: string, newId: string, context: WriteContext): Promise<MovedWorkflow> {
  const files = await locateOwnFolder(writes.root, id);
  const place = await checkNewWorkflowPlace(writes.root, newId, '$.newId');
  const intoItself = () => new Conflict('move_into_itself', messages.moveIntoItself(files.id, place.id), [{ path: '$.newId', message: 'inside the workflow' }]);
  if (place.id === files.id) throw new WorkflowExists(place.id, messages.folderExists(place.id));
  if (place.id.startsWith(`${files.id}/`)) throw intoItself();
  const there = await whatIsAt(place.path, files.dir);
  if (there === 'another') throw new WorkflowExists(place.id, messages.folderExists(place.id));
  if (there === 'nothing' && isInside(files.dir, place.existingReal)) throw intoItself();

  const nested = await discoverWorkflows(files.dir);
  const moved = [{ from: files.id, to: place.id }, ...nested.map((rel) => ({ from: `${files.id}/${rel}`, to: `${place.id}/${rel}` }))];
  const made = await makeFoldersInside(writes.root, join(place.path, '..'), place.id);
  const target = join(made.real, basename(place.path));
  try {
    // Checked again on the folders as made: a link planted on the way meanwhile must not lead into the folder.
    if (isInside(files.dir, made.real)) throw intoItself();
    await writes.queue.run(files.planPath, () =>
      writes.queue.run(files.stepConfigPath, async () => {
        await renameIntoPlace(files.dir, target, place.id);
        announceRemoved(
          writes,
          moved.map((m) => m.from),
          context,
        );
      }),
    );
  } catch (error) {
    await removeFoldersMade(made.created);
    throw error;
  }
  for (const { to } of moved) await announceAdded(writes, to, context);
  return {
    from: files.id,
    id: place.id,
    moved,
    undo: async () => {
      await rename(target, files.dir);
      await removeFoldersMade(made.created);
      announceRemoved(
        writes,
        moved.map((m) => m.to),
        context,
      );
      for (const { from } of moved) await announceAdded(writes, from, context);
    },
  };
}

/**
 * What is at the new place: nothing, something else, or the workflow's own folder (on a file
 * system that ignores case, `Report` -> `report` finds the folder itself there: same device and
 * inode, and the rename, a change of case, goes ahead).
 */
async function whatIsAt(path: string, ownDir: string): Promise<'nothing' | 'itself' | 'another'> {
  try {
    const [there, own] = await Promise.all([lstat(path), lstat(ownDir)]);
    return there.dev === own.dev && there.ino === own.ino ? 'itself' : 'another';
  } catch (error) {
    if (isMissing(error)) return 'nothing';
    throw error;
  }
}
