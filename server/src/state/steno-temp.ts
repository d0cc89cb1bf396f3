import { unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * lowdb's writer (steno) writes `<folder>/.<name>.tmp` and renames it over `<name>`; a crash in
 * between leaves the temp file behind. One process owns the data folder (lowdb's rule), so when
 * a store opens, that exact name is a leftover. Nothing else in the folder is touched.
 */
export async function removeStenoTempOf(file: string): Promise<void> {
  // Best effort: a data folder that cannot be written fails its first write, with a clear answer.
  await unlink(join(dirname(file), `.${basename(file)}.tmp`)).catch(() => undefined);
}
