import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathVisible } from './path-exists';

/**
 * The path of `segments` under `root` as the folders are spelled on disk. Ids are NFC, but a
 * folder copied from a Mac (or made by a tool that writes NFD) is named `Cafe` + U+0301 on
 * Linux, where the file system does not normalise: a segment missing as spelled is matched
 * against the NFC form of its siblings' names, so such a folder still opens under its NFC id.
 * The exact spelling wins when both exist. Only a miss costs a directory listing.
 */
export async function joinAsOnDisk(root: string, segments: readonly string[]): Promise<string> {
  let current = root;
  for (const segment of segments) {
    const exact = join(current, segment);
    if (await pathVisible(exact)) {
      current = exact;
      continue;
    }
    const names = await readdir(current).catch(() => [] as string[]);
    const match = names.find((name) => name !== segment && name.normalize('NFC') === segment);
    current = join(current, match ?? segment);
  }
  return current;
}
