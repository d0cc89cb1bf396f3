import { constants } from 'node:fs';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathExists } from '../workspace/path-exists';
import { isInside, isMissing } from '../workspace/safe-path';
import { fileInside } from './validation';

/** Where a file named by a plan or a model may be written, or why it may not. */
export type ExecutionFilePath = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Resolves a file name from a plan or a model inside the run's execution folder `dir`, the only
 * place agents write. Refused: names that are not relative paths inside it (absolute, `..`, empty,
 * NUL, backslash), and names that really lead elsewhere through a symlink in the folder (a
 * branched run copies its parent's folder, links included, and scripts run there). The answer is
 * the real path to write, so no link is followed when it is written.
 */
export async function executionFilePath(dir: string, fileName: string): Promise<ExecutionFilePath> {
  const lexical = fileInside(dir, fileName);
  if (!lexical) return { ok: false, reason: 'it is not a relative path inside the folder (absolute, empty, or leaving it with ..)' };
  const dirReal = await realpath(dir);
  // The deepest part that exists decides where the name really leads; the rest is created below it.
  const rest: string[] = [];
  let probe = lexical;
  while (!(await pathExists(probe))) {
    rest.unshift(basename(probe));
    probe = dirname(probe);
  }
  let real: string;
  try {
    real = await realpath(probe);
  } catch (error) {
    if (!isMissing(error)) throw error;
    return { ok: false, reason: 'it is a symbolic link to nothing' };
  }
  if (!isInside(dirReal, real)) return { ok: false, reason: 'a symbolic link leads it out of the folder' };
  return { ok: true, path: join(real, ...rest) };
}

// O_NOFOLLOW: a link swapped in after the check is not written through (absent on Windows).
const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);

/** Writes `text` at a path from executionFilePath, creating its folders. */
export async function writeExecutionFile(path: string, text: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, { flag: WRITE_NO_FOLLOW });
}
