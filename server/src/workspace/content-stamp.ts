import { stat } from 'node:fs/promises';
import { RACY_MS } from './file-stamp';
import { isMissing } from './safe-path';

/**
 * How long after a modification an unchanged stamp proves unchanged bytes, on a file system that
 * records times finer than a second: its clock ticks (Linux' jiffy, at most 10 ms) well inside
 * this. A file system that records whole seconds (ext3, HFS+, FAT) waits RACY_MS, as git does.
 */
const FINE_RACY_MS = 50;

/** What a file looks like from outside, for telling whether its bytes may have changed. */
export interface ContentStamp {
  /** Device, inode, size, modification and change times (ns); `absent` when there is no file. */
  key: string;
  /** The same without the change time, which a hard link or a rename changes while the bytes stay. */
  contentKey: string;
  isFile: boolean;
  /** Milliseconds since the file was last modified, when the stamp was taken. */
  modifiedAgoMs: number;
  /**
   * The file was modified longer ago than its file system's clock tick: any later write gives it
   * another modification time, so while the stamp stays the same, so do the bytes. A write within
   * the same tick (the file saved a moment ago) can keep size, inode and times as they were.
   */
  trustworthy: boolean;
}

export const ABSENT_STAMP: ContentStamp = { key: 'absent', contentKey: 'absent', isFile: false, modifiedAgoMs: Infinity, trustworthy: true };

export async function contentStamp(path: string): Promise<ContentStamp> {
  const takenMs = Date.now();
  try {
    const s = await stat(path, { bigint: true });
    const contentKey = `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;
    const modifiedAgoMs = takenMs - Number(s.mtimeMs);
    const wholeSeconds = s.mtimeNs % 1_000_000_000n === 0n;
    return {
      key: `${contentKey}:${s.ctimeNs}`,
      contentKey,
      isFile: s.isFile(),
      modifiedAgoMs,
      trustworthy: modifiedAgoMs > (wholeSeconds ? RACY_MS : FINE_RACY_MS),
    };
  } catch (error) {
    if (isMissing(error)) return ABSENT_STAMP;
    throw error;
  }
}
