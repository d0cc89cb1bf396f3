import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

export type WorkflowIdCheck = { ok: true; segments: string[] } | { ok: false; reason: string };

const MAX_ID_LENGTH = 1024;

/**
 * A workflow id is a relative POSIX path inside the workspace root. It is checked lexically here,
 * before any file system call, so `..`, absolute paths, NUL and backslashes never reach `fs`.
 */
export function checkWorkflowId(id: string): WorkflowIdCheck {
  if (id.length === 0) return { ok: false, reason: 'it is empty' };
  if (id.length > MAX_ID_LENGTH) return { ok: false, reason: `it is longer than ${MAX_ID_LENGTH} characters` };
  if (id.includes('\0')) return { ok: false, reason: 'it contains a NUL character' };
  if (id.includes('\\')) return { ok: false, reason: 'it contains a backslash (use / between folders)' };
  if (id.startsWith('/') || /^[A-Za-z]:/.test(id)) return { ok: false, reason: 'it is an absolute path; use a path relative to the workspace root' };
  const segments = id.split('/');
  for (const segment of segments) {
    if (segment === '') return { ok: false, reason: 'it has an empty folder name (a leading, trailing or double /)' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'it may not contain . or .. (it must stay inside the workspace root)' };
  }
  return { ok: true, segments };
}

/** A single folder name taken from a document (e.g. a step id used as `learnings/<id>/`). */
export function isSafeSegment(name: string): boolean {
  const check = checkWorkflowId(name);
  return check.ok && check.segments.length === 1;
}

/**
 * True when `target` is `root` or lies under it. Compared with a separator so a sibling that
 * shares the root's prefix (`/x/ws-evil` next to `/x/ws`) is outside.
 */
export function isInside(root: string, target: string): boolean {
  if (target === root) return true;
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * Resolves symlinks and answers the real path only when it is still inside the (real) root;
 * undefined when the path does not exist or a symlink leads out of the root.
 */
export async function realPathInside(rootReal: string, target: string): Promise<string | undefined> {
  try {
    const real = await realpath(target);
    return isInside(rootReal, real) ? real : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export function joinSegments(root: string, segments: ReadonlyArray<string>): string {
  return join(root, ...segments);
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
