import { utimes, writeFile } from 'node:fs/promises';
import { RACY_MS } from '../workspace/file-stamp';

/** Dates a file back past the racy window (file-stamp.ts), as a file last edited a while ago is. */
export async function settle(path: string): Promise<void> {
  const past = new Date(Date.now() - RACY_MS - 5000);
  await utimes(path, past, past);
}

/** Writes a file and settles it. */
export async function writeSettledFile(path: string, text: string): Promise<string> {
  await writeFile(path, text);
  await settle(path);
  return path;
}
