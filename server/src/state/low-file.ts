import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { removeStenoTempOf } from './steno-temp';

/** What one of planvas' lowdb files holds when it is new, and how what was read is made well-formed. */
export interface LowFileShape<T> {
  /** The data of a missing file, and of a damaged one. */
  empty(): T;
  /** Keeps what an old, hand-edited or half-written file holds in the shape readers expect. */
  normalise(raw: unknown): T;
  /** Called with the file's path when it is not JSON, before the store starts empty (to keep it aside, say). */
  onDamaged?(path: string): Promise<void>;
}

/**
 * Opens `<dataDir>/<fileName>` as a lowdb file, the way every store in the data folder does:
 * creates the folder, removes the temp file a crashed write left, reads the file and normalises
 * it. A file that is not JSON starts empty; any other failure to read it (no permission) is thrown.
 */
export async function openLowFile<T>(dataDir: string, fileName: string, shape: LowFileShape<T>): Promise<{ db: Low<T>; path: string }> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, fileName);
  await removeStenoTempOf(path);
  const db = new Low<T>(new JSONFile<T>(path), shape.empty());
  try {
    await db.read();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    await shape.onDamaged?.(path);
    db.data = shape.empty();
  }
  db.data = shape.normalise(db.data);
  return { db, path };
}
