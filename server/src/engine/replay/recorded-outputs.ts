import { constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isMissing } from '../../workspace/safe-path';
import { executionFilePath, writeExecutionFile } from '../execution-files';

// O_NOFOLLOW: a link swapped in after the check is not read through (absent on Windows).
const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Copies a replayed sub-agent's output files from the recorded run's execution folder into this
 * run's, so the steps after it read what the recorded sub-agent wrote. Both names resolve inside
 * their folders (a plan's `../x` or a link out is skipped); a file the recorded run does not have
 * is skipped. Answers the names copied.
 */
export async function copyRecordedOutputs(fromDir: string, toDir: string, names: ReadonlyArray<string>): Promise<string[]> {
  const copied: string[] = [];
  for (const name of names) {
    const from = await executionFilePath(fromDir, name);
    const to = await executionFilePath(toDir, name);
    if (!from.ok || !to.ok) continue;
    let bytes: Buffer;
    try {
      bytes = await readFile(from.path, { flag: READ_NO_FOLLOW });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP' || (error as NodeJS.ErrnoException).code === 'EISDIR') continue;
      throw error;
    }
    await writeExecutionFile(to.path, bytes);
    copied.push(name);
  }
  return copied;
}
