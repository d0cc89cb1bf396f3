import { lstat, mkdir, realpath, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { InvalidWorkflowId } from '../errors/domain-errors';
import { isInside } from './safe-path';

/** Folders made on the way to a new workflow's place, real paths, outermost first (undone in reverse). */
export interface FoldersMade {
  /** The real path of the folder asked for. */
  real: string;
  created: string[];
}

/**
 * Makes folder `dir` (a path under `rootReal`) and what is missing above it, one level at a time,
 * each checked to be a real folder inside the root once it exists: `mkdir -p` would create
 * folders at the far end of a link planted on the way, this never does. `id` names the workflow
 * whose place it is, for the refusal.
 */
export async function makeFoldersInside(rootReal: string, dir: string, id: string): Promise<FoldersMade> {
  const rel = relative(rootReal, dir);
  if (!isInside(rootReal, dir)) throw new InvalidWorkflowId(id, 'it leads outside the workspace root');
  const created: string[] = [];
  let current = rootReal;
  try {
    for (const name of rel === '' ? [] : rel.split(sep)) {
      const next = join(current, name);
      let made = false;
      try {
        await mkdir(next);
        made = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      // Made or found, it must really be a folder inside the root (a link may have been there, or appeared).
      const real = await realpath(next);
      if (!isInside(rootReal, real)) throw new InvalidWorkflowId(id, 'it leads outside the workspace root');
      if (made) created.push(real);
      if (!(await lstat(real)).isDirectory()) throw new InvalidWorkflowId(id, `${relative(rootReal, next).split(sep).join('/')} is a file`);
      current = real;
    }
  } catch (error) {
    await removeFoldersMade(created);
    throw error;
  }
  return { real: current, created };
}

/**
 * Takes back the folders makeFoldersInside made when what was to go in them did not (innermost
 * first; a folder something else has been put in meanwhile stays).
 */
export async function removeFoldersMade(created: ReadonlyArray<string>): Promise<void> {
  for (const folder of [...created].reverse()) await rmdir(folder).catch(() => undefined);
}
