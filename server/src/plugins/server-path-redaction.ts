import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';

/** A folder of the server whose absolute path a client has no business knowing, and what to say instead. */
export interface KnownFolder {
  path: string;
  label: string;
}

export type PathRedactor = (text: string) => string;

/** Characters a path continues with: `/srv/ws` is not a prefix of the folder `/srv/ws-other`. */
const PATH_CHAR = String.raw`[\w.~-]`;
/**
 * The quoted path(s) of a Node fs error message, `ENOENT: no such file or directory, open '/x'`
 * or `rename '/a' -> '/b'`: absolute POSIX or Windows paths only.
 */
const FS_MESSAGE_PATH = /(, [a-z]+ |-> )'(?:\/|[A-Za-z]:\\|\\\\)[^']*'/g;

/**
 * Rewrites the absolute paths of known folders as `<label>/relative/part` and hides any other
 * absolute path a Node fs error message quotes. Error answers go through it, so a message built
 * from an fs error (`err.message` carries `err.path`) or naming a file by its full path tells the
 * client where a file is inside the workspace, never where the workspace is on the server.
 */
export function serverPathRedactor(folders: ReadonlyArray<KnownFolder>): PathRedactor {
  const patterns = [...folders]
    // Nested folders first: the data folder inside the workspace is named as the data folder.
    .sort((a, b) => b.path.length - a.path.length)
    .filter((folder) => folder.path.length > 1)
    .map((folder) => ({ pattern: new RegExp(`(?<!${PATH_CHAR}|/|\\\\)${escapeRegExp(folder.path)}(?!${PATH_CHAR})`, 'g'), label: folder.label }));
  return (text) => {
    let out = text;
    for (const { pattern, label } of patterns) out = out.replace(pattern, label);
    return out.replace(FS_MESSAGE_PATH, "$1'<path>'");
  };
}

/**
 * The server's folders a message could name: the workspace root, the data folder and the web app
 * (each as given and as resolved through symlinks) and the user's home folder.
 */
export function knownServerFolders(folders: { workspaceRoot: string; dataDir: string; webDist?: string }): KnownFolder[] {
  const named: KnownFolder[] = [
    { path: folders.workspaceRoot, label: '<workspace>' },
    { path: folders.dataDir, label: '<data>' },
    ...(folders.webDist ? [{ path: folders.webDist, label: '<web>' }] : []),
  ];
  const all = named.flatMap((folder) => {
    const real = realPathOrUndefined(folder.path);
    return real && real !== folder.path ? [folder, { ...folder, path: real }] : [folder];
  });
  return [...all, { path: homedir(), label: '~' }];
}

function realPathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    // Not created yet (the data folder on a first start): the path as given is all there is.
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
