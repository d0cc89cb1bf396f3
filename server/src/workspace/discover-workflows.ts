import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Folders that belong to a workflow (or to tooling) and never hold another workflow. Skipping
 * them keeps discovery fast on a workspace with many runs and logs.
 */
export const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'planning', 'runs', 'learnings', 'logs', 'execution']);
const MAX_DEPTH = 16;

/**
 * Every folder under `root` holding `planning/plan.json`, as relative POSIX ids, sorted.
 * Symlinked folders are not followed (a link could lead out of the root or loop), and hidden
 * folders (`.planvas`, `.git`, editors' folders) are skipped.
 */
export async function discoverWorkflows(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string, segments: string[]): Promise<void> => {
    if (segments.length > MAX_DEPTH) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable or vanished folder: nothing to list there
    }
    if (segments.length > 0 && entries.some((e) => e.name === 'planning' && e.isDirectory()) && (await hasPlan(dir))) {
      found.push(segments.join('/'));
    }
    const children = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SKIPPED_FOLDERS.has(e.name));
    await Promise.all(children.map((child) => visit(join(dir, child.name), [...segments, child.name])));
  };
  await visit(root, []);
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function hasPlan(dir: string): Promise<boolean> {
  try {
    return (await stat(join(dir, 'planning', 'plan.json'))).isFile();
  } catch {
    return false;
  }
}
