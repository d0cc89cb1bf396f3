import { dirname, relative, sep } from 'node:path';
import { ApiError } from './api-error';
import { messages } from '../errors/messages';
import { isInside } from '../workspace/safe-path';

/** Where the server keeps files: the workspace root and planvas' data folder (app.planvas). */
export interface ServerFolders {
  workspaceRoot?: string;
  dataDir?: string;
}

const NOT_WRITABLE: Readonly<Record<string, string>> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
};
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A file system that refuses a write (read-only mount, permissions, a full disk) is a condition
 * of the server's machine that its owner can fix, not a bug: it answers with its own code and
 * says what to do, instead of 500 `internal`.
 *
 * - 503 `workspace_read_only`: a folder of the workspace cannot be written (named relative to
 *   the workspace root: an answer never names a server path);
 * - 503 `data_folder_read_only`: planvas' own data folder (view settings, run index) cannot;
 * - 507 `disk_full`: no space left, or the disk quota is used up.
 *
 * Anything else (undefined) is left to the error handler's other rules.
 */
export function fsFailureAsApiError(error: unknown, folders: ServerFolders = {}): ApiError | undefined {
  const { code, path } = error as NodeJS.ErrnoException;
  // An fs error a library already answered for (static files: 403, 404) keeps its status.
  if (typeof code !== 'string' || typeof (error as { statusCode?: unknown }).statusCode === 'number') return undefined;
  if (FULL.has(code)) return new ApiError(507, 'disk_full', messages.diskFull);
  const reason = NOT_WRITABLE[code];
  if (reason === undefined) return undefined;
  if (path !== undefined && folders.dataDir !== undefined && isInside(folders.dataDir, path)) {
    return new ApiError(503, 'data_folder_read_only', messages.dataFolderNotWritable(reason));
  }
  return new ApiError(503, 'workspace_read_only', messages.workspaceNotWritable(workspaceFolder(path, folders.workspaceRoot), reason));
}

/** The folder of `path` relative to the workspace root, with `/` between folders; undefined outside it. */
function workspaceFolder(path: string | undefined, root: string | undefined): string | undefined {
  if (path === undefined || root === undefined || !isInside(root, path) || path === root) return undefined;
  const folder = relative(root, dirname(path));
  return folder === '' ? undefined : folder.split(sep).join('/');
}
