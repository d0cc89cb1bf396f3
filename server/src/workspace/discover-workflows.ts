import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RUN_FOLDERS } from './run-folders';
import { isSetAsideName } from './set-aside-names';

/**
 * Folders that belong to a workflow (or to tooling) and never hold another workflow. Skipping
 * them keeps discovery fast on a workspace with many runs and logs; the run folders among them
 * must be skipped (lookup refuses them too: a run writes what is in them).
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', 'planning', ...RUN_FOLDERS]);
const MAX_DEPTH = 16;

/** What a walk of the workspace saw: the workflows, and the folders a watcher must watch. */
export interface WorkspaceLayout {
  /** Relative POSIX ids of the folders holding planning/plan.json, sorted. */
  workflows: string[];
  /** Every folder the walk read (the root included): a new workflow appears in one of them. */
  folders: string[];
  /** Every `planning` folder found, with the id its workflow has (or would have): plan.json may appear in it. */
  planningFolders: Array<{ folder: string; id: string }>;
  /** Hidden folders a workflow copy or delete left when the server stopped half-way (stale-workflow-folders.ts). */
  setAsideFolders: string[];
}

/**
 * Every folder under `root` holding `planning/plan.json`, as relative POSIX ids, sorted.
 * Symlinked folders are not followed (a link could lead out of the root or loop), and hidden
 * folders (`.planvas`, `.git`, editors' folders) are skipped.
 */
export async function discoverWorkflows(root: string): Promise<string[]> {
  return (await walkWorkspace(root)).workflows;
}

export async function walkWorkspace(root: string): Promise<WorkspaceLayout> {
  const layout: WorkspaceLayout = { workflows: [], folders: [], planningFolders: [], setAsideFolders: [] };
  const visit = async (dir: string, segments: string[]): Promise<void> => {
    if (segments.length > MAX_DEPTH) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable or vanished folder: nothing to list there
    }
    layout.folders.push(dir);
    if (segments.length > 0 && entries.some((e) => e.name === 'planning' && e.isDirectory())) {
      // Ids are NFC whatever the folders' spelling on disk (locateWorkflow finds an NFD folder by its NFC id).
      const id = segments.join('/').normalize('NFC');
      layout.planningFolders.push({ folder: join(dir, 'planning'), id });
      if (await hasPlan(dir)) layout.workflows.push(id);
    }
    for (const entry of entries) if (entry.isDirectory() && isSetAsideName(entry.name)) layout.setAsideFolders.push(join(dir, entry.name));
    const children = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SKIPPED_FOLDERS.has(e.name));
    await Promise.all(children.map((child) => visit(join(dir, child.name), [...segments, child.name])));
  };
  await visit(root, []);
  layout.workflows.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return layout;
}

async function hasPlan(dir: string): Promise<boolean> {
  try {
    return (await stat(join(dir, 'planning', 'plan.json'))).isFile();
  } catch {
    return false;
  }
}
