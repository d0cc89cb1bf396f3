import { readFile } from 'node:fs/promises';
import type { AtomicWriteOptions } from './atomic-write';
import { contentStamp, type ContentStamp } from './content-stamp';
import type { JsonFileSnapshot } from './json-file';
import { assertPrecondition } from './precondition';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';

export type ReplaceChecks = Required<Pick<AtomicWriteOptions, 'beforeRename' | 'afterRename'>>;

/**
 * The checks that let a save replace its file only while the file still holds the bytes the save
 * read (and checked If-Match against): an editor that wrote the file since would otherwise be
 * silently overwritten. Both throw the StaleRevision of a failed precondition, with the file's current revision.
 *
 * - beforeRename, under the file's lock once the temp file is durable: has the file changed since
 *   the save read it? The last look is a stat right before the rename.
 * - afterRename, on the replaced file (writeFileAtomic keeps it by a hard link, and puts it back
 *   when this throws): did an in-place write reach it between that last look and the rename?
 *   What is left unseen is an editor that saves by renaming its own file over this one in the
 *   moment between the hard link and the rename.
 *
 * Cost, on the save path: a stat for each check when the file was last modified longer ago than
 * its file system's clock tick (content-stamp.ts), which is the case for a person's saves. A file
 * modified moments ago (a save right after another, an editor at work) is read again and compared
 * byte for byte with what the save read, as an unchanged stat cannot vouch for it: no hash, and
 * under a millisecond for a 1 MB plan read from the page cache, next to the fsyncs of the write.
 */
export function unchangedSinceRead(snapshot: JsonFileSnapshot, file: string): ReplaceChecks {
  const stale = (bytes: Buffer | undefined): void =>
    assertPrecondition({ kind: 'revisions', revisions: [snapshot.revision] }, bytes ? revisionOf(bytes) : undefined, file);
  /** The file as the last look before the rename saw it, holding the snapshot's bytes. */
  let lastLook: ContentStamp = snapshot.stamp;

  return {
    async beforeRename() {
      const now = await contentStamp(snapshot.path);
      if (now.key === snapshot.stamp.key && snapshot.stamp.trustworthy) {
        lastLook = now;
        return;
      }
      const before = now;
      const bytes = await readIfPresent(snapshot.path);
      if (!bytes?.equals(snapshot.bytes)) return stale(bytes);
      // The comparison took a few turns of the event loop: the last look is a stat again.
      lastLook = await contentStamp(snapshot.path);
      if (lastLook.key !== before.key) return stale(await readIfPresent(snapshot.path));
    },
    async afterRename(replaced) {
      const now = await contentStamp(replaced);
      if (now.contentKey === lastLook.contentKey && lastLook.trustworthy) return;
      const bytes = await readIfPresent(replaced);
      if (!bytes?.equals(snapshot.bytes)) stale(bytes);
    },
  };
}

async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
