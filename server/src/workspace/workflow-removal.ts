import { setAsideName } from './set-aside-names';
import { lstat, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Conflict, LinkRefused, WorkflowNotFound } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { discoverWorkflows } from './discover-workflows';
import type { DocumentWrites, WriteContext } from './document-writes';
import { walkTree } from './folder-tree';
import { locateOwnFolder, shown } from './own-workflow-folder';
import { assertPrecondition, type Precondition } from './precondition';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';
import { announceAdded, announceRemoved } from './workflow-announcements';

/** What deleting a workflow would remove from its folder (the runs layer adds the run index). */
export interface FolderContents {
  id: string;
  files: { plan: string; stepConfig: string | null };
  /** Folder names under `runs/` (one per run). */
  runFolders: string[];
  logs: number;
  learnings: number;
  otherFiles: number;
  bytes: number;
  planRevision: string;
  /** Workflows inside the folder (ids): a delete is refused while there are any. */
  nestedWorkflows: string[];
}

/**
 * Lists what is in the workflow's folder, for the page to show before a delete: every entry as
 * itself (a link is counted, never followed), sorted by what it belongs to.
 */
export async function folderContents(rootReal: string, id: string): Promise<FolderContents> {
  const files = await locateOwnFolder(rootReal, id);
  const entries = await walkTree(files.dir);
  const has = (rel: string) => entries.some((entry) => entry.rel === rel);
  const contents: FolderContents = {
    id: files.id,
    files: { plan: 'planning/plan.json', stepConfig: has('planning/step_config.json') ? 'planning/step_config.json' : null },
    runFolders: [],
    logs: 0,
    learnings: 0,
    otherFiles: 0,
    bytes: 0,
    planRevision: revisionOf(await readFile(files.planPath)),
    nestedWorkflows: (await discoverWorkflows(files.dir)).map((rel) => `${files.id}/${rel}`),
  };
  for (const entry of entries) {
    const [top, ...rest] = entry.rel.split('/');
    if (top === 'runs' && rest.length === 1 && entry.kind === 'folder') contents.runFolders.push(rest[0]!);
    if (top === 'learnings' && rest.length === 1 && entry.kind === 'folder') contents.learnings += 1;
    if (entry.kind === 'folder') continue;
    contents.bytes += entry.size;
    if (top === 'logs') contents.logs += 1;
    else if (top !== 'runs' && top !== 'learnings' && entry.rel !== 'planning/plan.json' && entry.rel !== 'planning/step_config.json') contents.otherFiles += 1;
  }
  return contents;
}

/** A workflow folder moved out of sight, to be removed for good or put back. */
export interface SetAside {
  id: string;
  /** Removes the folder for good; a failure leaves it under its hidden name (reported, not thrown). */
  finish(): Promise<{ leftover?: string }>;
  /** Puts the folder back where it was (the state of the workflow could not be removed). */
  restore(): Promise<void>;
}

/**
 * The first half of deleting workflow `id`: under its documents' queues, checks that plan.json is
 * still at the revision the page showed (`precondition`, If-Match), then renames the folder to a
 * hidden name beside it, so the workflow is gone at once and whole, and tells the change streams.
 * Refused for a folder that is not the workflow's own (a link: LinkRefused) and for a folder that
 * holds other workflows. The folder is the real one, checked once more just before the rename,
 * and the removal (finish) never follows a link: nothing outside the folder is ever removed.
 */
export async function setAsideWorkflow(writes: DocumentWrites, id: string, precondition: Precondition, context: WriteContext): Promise<SetAside> {
  const files = await locateOwnFolder(writes.root, id);
  const nested = (await discoverWorkflows(files.dir)).map((rel) => `${files.id}/${rel}`);
  if (nested.length > 0) throw new Conflict('workflow_holds_workflows', messages.holdsWorkflows(files.id, nested));
  const aside = join(dirname(files.dir), setAsideName('deleted'));
  await writes.queue.run(files.planPath, () =>
    writes.queue.run(files.stepConfigPath, async () => {
      let revision: string | undefined;
      try {
        revision = revisionOf(await readFile(files.planPath));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      if (revision === undefined) throw new WorkflowNotFound(files.id);
      assertPrecondition(precondition, revision, 'plan.json');
      if ((await lstat(files.dir)).isSymbolicLink()) throw new LinkRefused(shown(writes.root, files.dir));
      await rename(files.dir, aside);
      announceRemoved(writes, [files.id], context);
    }),
  );
  return {
    id: files.id,
    finish: async () => {
      try {
        // rm removes a link as itself (lstat), never what it points to.
        await rm(aside, { recursive: true, force: true });
        return {};
      } catch {
        return { leftover: shown(writes.root, aside) };
      }
    },
    restore: async () => {
      await rename(aside, files.dir);
      await announceAdded(writes, files.id, context);
    },
  };
}
