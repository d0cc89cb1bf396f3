import { setAsideName } from './set-aside-names';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Conflict, LinkRefused, WorkflowExists } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { parseTempName } from './atomic-write';
import type { DocumentWrites, WriteContext } from './document-writes';
import { walkTree, type TreeEntry } from './folder-tree';
import { makeFoldersInside, removeFoldersMade } from './folders-inside';
import { shown } from './own-workflow-folder';
import { pathExists } from './path-exists';
import { announceAdded, announceRemoved } from './workflow-announcements';
import { checkNewWorkflowPlace } from './workflow-place';

/** What a duplicate made: the copy's id and revisions (as creating a workflow answers), and the id it was copied from. */
export interface WorkflowCopy {
  id: string;
  planRevision: string;
  stepConfigRevision: string | null;
  from: string;
  /** Removes the copy again (the state of the copy could not be written): it was made by this call, so it is ours to take back. */
  undo(): Promise<void>;
}

/** The folders of a workflow a duplicate copies: its documents and what its steps learned, not what its runs made. */
const COPIED_FOLDERS = ['planning', 'learnings'] as const;

/** O_NOFOLLOW, and O_NONBLOCK so a FIFO planted where a file was never hangs the open. */
const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Copies workflow `id` to `newId`: `planning/` (plan.json and step_config.json byte for byte,
 * and whatever else is there) and `learnings/`, never `runs/`, `logs/` or `execution/`. The copy
 * is made in a hidden folder beside the new place and renamed into it whole, so nobody (the
 * change watcher, a listing) sees half a workflow, and a refusal leaves nothing behind.
 *
 * Only real files and folders are copied: a link among them is refused (LinkRefused) before
 * anything is written, and every file is opened with O_NOFOLLOW, so a link swapped in meanwhile is
 * refused too; neither a link's target nor its bytes ever reach the copy.
 */
export async function duplicateWorkflow(writes: DocumentWrites, id: string, newId: string, context: WriteContext): Promise<WorkflowCopy> {
  const files = await writes.locate(id);
  const place = await checkNewWorkflowPlace(writes.root, newId, '$.newId');
  if (await pathExists(place.path)) throw new WorkflowExists(place.id, messages.folderExists(place.id));
  const trees = await Promise.all(COPIED_FOLDERS.map((folder) => treeToCopy(writes.root, join(files.dir, folder), folder)));

  const made = await makeFoldersInside(writes.root, join(place.path, '..'), place.id);
  const target = join(made.real, basename(place.path));
  const temp = join(made.real, setAsideName('copy'));
  try {
    // Inside both documents' queues: the copy holds the bytes of one revision of each, no save half-way.
    await writes.queue.run(files.planPath, () =>
      writes.queue.run(files.stepConfigPath, async () => {
        await mkdir(temp);
        for (const tree of trees) await copyTree(writes.root, tree, temp);
      }),
    );
    await renameIntoPlace(temp, target, place.id);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    await removeFoldersMade(made.created);
    throw error;
  }
  const revisions = await announceAdded(writes, place.id, context);
  return {
    id: place.id,
    // Never empty: the copy's plan.json is a real file inside the root, where announceAdded reads it.
    planRevision: revisions.planRevision ?? '',
    stepConfigRevision: revisions.stepConfigRevision,
    from: files.id,
    undo: async () => {
      await rm(target, { recursive: true, force: true });
      await removeFoldersMade(made.created);
      announceRemoved(writes, [place.id], context);
    },
  };
}

interface TreeToCopy {
  folder: string;
  entries: TreeEntry[];
}

/** The entries of one copied folder, refused whole if the folder or anything in it is a link. */
async function treeToCopy(rootReal: string, dir: string, folder: string): Promise<TreeToCopy> {
  if (!(await pathExists(dir))) return { folder, entries: [] };
  const self = await lstat(dir);
  if (self.isSymbolicLink()) throw new LinkRefused(shown(rootReal, dir));
  if (!self.isDirectory()) return { folder, entries: [] };
  const entries = await walkTree(dir);
  const link = entries.find((entry) => entry.kind === 'link');
  if (link) throw new LinkRefused(shown(rootReal, link.path));
  // Leftovers of interrupted saves (`.plan.json.<pid>.<hex>.tmp`) are no part of the workflow.
  return { folder, entries: entries.filter((entry) => parseTempName(basename(entry.path)) === undefined) };
}

async function copyTree(rootReal: string, tree: TreeToCopy, into: string): Promise<void> {
  if (tree.entries.length === 0 && tree.folder === 'learnings') return;
  await mkdir(join(into, tree.folder));
  for (const entry of tree.entries) {
    const to = join(into, tree.folder, ...entry.rel.split('/'));
    if (entry.kind === 'folder') await mkdir(to);
    // FIFOs, sockets and devices are no workflow content: not copied.
    else if (entry.kind === 'file') await copyRealFile(rootReal, entry.path, to);
  }
}

/** Copies the bytes and permission bits of a regular file, never through a link. */
async function copyRealFile(rootReal: string, from: string, to: string): Promise<void> {
  let source: FileHandle;
  try {
    source = await open(from, READ_NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK' || code === 'ENXIO') throw new LinkRefused(shown(rootReal, from));
    throw error;
  }
  try {
    const info = await source.stat();
    if (!info.isFile()) throw new LinkRefused(shown(rootReal, from));
    const bytes = await source.readFile();
    const target = await open(to, 'wx', info.mode & 0o777);
    try {
      await target.writeFile(bytes);
      await target.sync();
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The finished copy (or a moved folder) into its place; a place taken meanwhile is WorkflowExists. */
export async function renameIntoPlace(from: string, to: string, id: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY' || code === 'ENOTDIR') {
      throw new WorkflowExists(id, messages.folderExists(id));
    }
    // A rename cannot cross file systems; a move that would is refused with what to do instead.
    if (code === 'EXDEV') throw new Conflict('other_device', messages.otherDevice(id), [{ path: '$.newId', message: 'on another disk' }]);
    throw error;
  }
}
