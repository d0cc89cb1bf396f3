import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { isInside, isMissing } from '../workspace/safe-path';
import { PathOutsideWorkspace } from './run-errors';

/**
 * File access for run data (`runs/`, `logs/`, `learnings/` of a workflow) that never leaves the
 * workspace root, whatever symlinks a workflow folder holds: the folder a file is opened in is
 * resolved (realpath) and must lie inside the root, and the file itself is opened with
 * O_NOFOLLOW, so a link in the last place cannot redirect the open. Folders are created one level
 * at a time below a folder already known to be inside, so `mkdir -p` never creates anything at
 * the far end of a link. A refusal is a PathOutsideWorkspace error (run-errors.ts), which names
 * the path relative to the root, never an absolute path, and nothing of what lies behind the link.
 */

/** O_NOFOLLOW and O_NONBLOCK where the platform has them (a FIFO planted as a log must not hang an open). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

export const OPEN_READ = constants.O_RDONLY | NO_FOLLOW | NO_BLOCK;
/** Append and read (an event log, which reads what it wrote). */
export const OPEN_APPEND_READ = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW | NO_BLOCK;

/** The real path of `dir` (which must exist), refused unless it lies inside `root`. */
export async function realDirInside(root: string, dir: string): Promise<string> {
  const real = await realpath(dir);
  if (!isInside(root, real)) throw new PathOutsideWorkspace(root, dir);
  return real;
}

/**
 * Makes sure folder `dir` (a path under `root`) exists, creating what is missing one level at a
 * time, and answers its real path. Existing parts may be symlinks that stay inside the root.
 */
export async function ensureDirInside(root: string, dir: string): Promise<string> {
  const rel = relative(root, dir);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new PathOutsideWorkspace(root, dir);
  let current = root;
  for (const name of rel === '' ? [] : rel.split(sep)) {
    const next = join(current, name);
    try {
      await mkdir(next);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // Created or found: either way it must really be a folder inside the root (a link that
    // appeared in between, or was there before, is resolved and checked here).
    current = await realDirInside(root, next);
    if (!(await lstat(current)).isDirectory()) throw Object.assign(new Error(`${name} is not a folder`), { code: 'ENOTDIR' });
  }
  return current;
}

/**
 * Opens `path` with `flags` (OPEN_READ, OPEN_APPEND_READ, …): its folder must resolve inside the
 * root and the file itself must not be a symlink. ENOENT passes through (callers decide what a
 * missing file means); a link, or anything that is not a regular file, is refused.
 */
export async function openInside(root: string, path: string, flags: number, mode = 0o644): Promise<FileHandle> {
  const folder = await realDirInside(root, dirname(path));
  let handle: FileHandle;
  try {
    handle = await open(join(folder, basename(path)), flags, mode);
  } catch (error) {
    // ELOOP: the last component is a symlink (O_NOFOLLOW); EMLINK on some BSDs; ENXIO: a FIFO.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK' || code === 'ENXIO') throw new PathOutsideWorkspace(root, path);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new PathOutsideWorkspace(root, path);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Append only, created if missing (learnings.md and other files runs add to). */
export const OPEN_APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW | NO_BLOCK;

/**
 * Appends `data` to `path`, creating its folders inside the root: for run data written outside
 * this folder's modules (engine/learnings.ts appends learnings.md with fs.appendFile, which
 * follows a link planted at `learnings/<step>/learnings.md`).
 */
export async function appendFileInside(root: string, path: string, data: string | Uint8Array): Promise<void> {
  await ensureDirInside(root, dirname(path));
  const handle = await openInside(root, path, OPEN_APPEND);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** The whole file, read through openInside. */
export async function readFileInside(root: string, path: string): Promise<Buffer> {
  const handle = await openInside(root, path, OPEN_READ);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `path` with `data` through a temp file and a rename, both inside the checked folder
 * (rename replaces a link planted at `path` rather than writing through it). Not fsynced: it is
 * for derived files (a log's offset index) that are checked on every use and rebuilt when wrong.
 */
export async function replaceDerivedFileInside(root: string, path: string, data: string | Uint8Array): Promise<void> {
  const folder = await realDirInside(root, dirname(path));
  const target = join(folder, basename(path));
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
  let moved = false;
  try {
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    moved = true;
  } finally {
    if (!moved) await unlink(temp).catch(() => undefined);
  }
}

/** The folders of a workflow runs write into, and the files in them a run appends to. */
const RUN_DATA_FOLDERS: ReadonlyArray<{ name: string; files: ReadonlyArray<string> }> = [
  { name: 'runs', files: [] },
  { name: 'logs', files: ['todo-task-execution.json'] },
  { name: 'learnings', files: ['learnings.md'] },
];

/** How many entries of `logs/` or `learnings/` a pre-flight looks at (one per step: thousands at most). */
const MAX_ENTRIES_CHECKED = 10_000;

/**
 * Before a run writes anything: `runs/`, `logs/` and `learnings/` of the workflow, their step
 * folders and the files a run appends to there (decision logs, learnings.md) must all resolve
 * inside the root, and those files must not be symlinks at all. This turns what would be a
 * write through a link somewhere in the middle of a run into one clear refusal at the start.
 * Every open still checks on its own (a link can appear after this check).
 */
export async function assertRunFoldersInside(root: string, workflowDir: string): Promise<void> {
  for (const folder of RUN_DATA_FOLDERS) {
    const dir = join(workflowDir, folder.name);
    const real = await existingDirInside(root, dir);
    if (real === undefined || folder.files.length === 0) continue;
    const entries = (await readdir(real)).slice(0, MAX_ENTRIES_CHECKED);
    for (const entry of entries) {
      const stepDir = await existingDirInside(root, join(dir, entry));
      if (stepDir === undefined) continue;
      for (const file of folder.files) {
        const info = await lstatOrUndefined(join(stepDir, file));
        if (info?.isSymbolicLink()) throw new PathOutsideWorkspace(root, join(dir, entry, file));
      }
    }
  }
}

/** The real folder at `path` when it exists and is a folder; refused when it resolves outside. */
async function existingDirInside(root: string, path: string): Promise<string | undefined> {
  const info = await lstatOrUndefined(path);
  if (!info) return undefined;
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    // A dangling link: nothing is behind it yet, but a write would create something wherever it points.
    if (isMissing(error) && info.isSymbolicLink()) throw new PathOutsideWorkspace(root, path);
    throw error;
  }
  if (!isInside(root, real)) throw new PathOutsideWorkspace(root, path);
  return (await lstat(real)).isDirectory() ? real : undefined;
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
