import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from './safe-path';

/** One entry of a folder tree, as it is itself: a link is a link, never what it points to. */
export interface TreeEntry {
  path: string;
  /** Relative to the folder walked, with `/` between names. */
  rel: string;
  kind: 'folder' | 'file' | 'link' | 'other';
  /** Bytes (lstat: a link's own size). */
  size: number;
}

/**
 * Every entry under `dir`, parents before their contents, without following any link (a link to
 * a folder is listed, not entered): what a copy copies and what a delete removes. An absent
 * `dir` has no entries.
 */
export async function walkTree(dir: string): Promise<TreeEntry[]> {
  const out: TreeEntry[] = [];
  const visit = async (folder: string, prefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const info = await lstat(path);
      const kind = info.isSymbolicLink() ? 'link' : info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
      out.push({ path, rel, kind, size: kind === 'folder' ? 0 : info.size });
      if (kind === 'folder') await visit(path, rel);
    }
  };
  await visit(dir, '');
  return out;
}
