import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

export type WorkflowIdCheck = { ok: true; id: string; segments: string[] } | { ok: false; reason: string };

/** The whole id, in UTF-8 bytes: the workspace root plus the id must stay well under PATH_MAX (4096). */
export const MAX_WORKFLOW_ID_BYTES = 1024;
/** One folder name, in UTF-8 bytes: NAME_MAX of ext4, APFS, NTFS (in UTF-16 units, more than enough). */
export const MAX_FOLDER_NAME_BYTES = 255;

/**
 * Characters that change how a name looks without being visible (or reorder what follows), so two
 * ids that read alike name different folders, or `invoice<RLO>fdp.json` reads as `invoicenosj.pdf`:
 * C0 and C1 controls and DEL, the bidi embeddings/overrides/isolates and marks (U+202A-U+202E,
 * U+2066-U+2069, U+200E, U+200F, U+061C), and the zero-width characters (U+200B-U+200D, U+2060,
 * U+FEFF).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
const INVISIBLE_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A workflow id is a relative POSIX path inside the workspace root. It is checked lexically here,
 * before any file system call, so `..`, absolute paths, NUL, backslashes, names no file system
 * takes (over 255 bytes) and invisible characters never reach `fs`. The id is answered in Unicode
 * NFC, so the composed and the decomposed spelling of `Café` name one folder (macOS keyboards and
 * some file pickers send NFD; the folders planvas creates are NFC).
 */
export function checkWorkflowId(rawId: string): WorkflowIdCheck {
  if (rawId.length === 0) return { ok: false, reason: 'it is empty' };
  // Checked before normalising: NFC of a huge string is work an attacker should not get for free.
  if (rawId.length > MAX_WORKFLOW_ID_BYTES * 3) return { ok: false, reason: `it is longer than ${MAX_WORKFLOW_ID_BYTES} bytes` };
  const id = rawId.normalize('NFC');
  if (utf8Length(id) > MAX_WORKFLOW_ID_BYTES) return { ok: false, reason: `it is longer than ${MAX_WORKFLOW_ID_BYTES} bytes (UTF-8)` };
  if (id.includes('\0')) return { ok: false, reason: 'it contains a NUL character' };
  const invisible = INVISIBLE_OR_CONTROL.exec(id);
  if (invisible) {
    const code = `U+${(invisible[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return { ok: false, reason: `it contains the control, bidi or zero-width character ${code}` };
  }
  if (id.includes('\\')) return { ok: false, reason: 'it contains a backslash (use / between folders)' };
  if (id.startsWith('/') || /^[A-Za-z]:/.test(id)) return { ok: false, reason: 'it is an absolute path; use a path relative to the workspace root' };
  const segments = id.split('/');
  for (const segment of segments) {
    if (segment === '') return { ok: false, reason: 'it has an empty folder name (a leading, trailing or double /)' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'it may not contain . or .. (it must stay inside the workspace root)' };
    if (utf8Length(segment) > MAX_FOLDER_NAME_BYTES) return { ok: false, reason: `a folder name is longer than ${MAX_FOLDER_NAME_BYTES} bytes (UTF-8)` };
  }
  return { ok: true, id, segments };
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
