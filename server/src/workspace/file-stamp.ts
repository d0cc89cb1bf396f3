import { stat } from 'node:fs/promises';
import { isMissing } from './safe-path';

/**
 * A file modified this recently may be modified again within the file system's timestamp
 * granularity (the kernel's clock tick, a few ms) without its stamp changing, keeping its size and
 * inode (an in-place write): nothing read from such a file is kept on the strength of its stamp.
 * Git's "racily clean" rule.
 */
export const RACY_MS = 2000;

export type FileStamp = {
  /** Device, inode, size and modification / change times in nanoseconds; `absent` for no file. */
  key: string;
  /** A plain file (not a folder or other entry). */
  isFile: boolean;
  /** Last modified longer than RACY_MS ago: the stamp can be trusted to change with the next write. */
  settled: boolean;
};

/**
 * What a file looks like from outside. Any write planvas makes (temp file + rename: a new inode)
 * or an editor makes changes it, so what was read from the file stays valid while this stays the
 * same, provided the stamp is `settled`.
 */
export async function fileStamp(path: string, now = Date.now()): Promise<FileStamp> {
  try {
    const s = await stat(path, { bigint: true });
    return { key: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`, isFile: s.isFile(), settled: now - Number(s.mtimeMs) > RACY_MS };
  } catch (error) {
    if (isMissing(error)) return { key: 'absent', isFile: false, settled: true };
    throw error;
  }
}
