import { lstat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LinkRefused } from '../errors/domain-errors';
import { joinAsOnDisk } from './folder-names-as-on-disk';
import { isMissing } from './safe-path';
import { locateWorkflow, type WorkflowFiles } from './workflow-files';

/**
 * A workflow that is to be moved or deleted: located as for every other route (id checks, run
 * folders, confined to the root with links resolved), and then only as its own real folder. Its
 * folder, no folder on the way to it and its planning folder may be a link: a rename or delete
 * there would act on the link's target (another workflow, or a folder outside the root), or move
 * a link whose relative target then points elsewhere. Refused with LinkRefused (409).
 */
export async function locateOwnFolder(rootReal: string, id: string): Promise<WorkflowFiles> {
  const files = await locateWorkflow(rootReal, id);
  const segments = files.id.split('/');
  const lexical = await joinAsOnDisk(rootReal, segments);
  if (files.dir !== lexical) {
    // Somewhere on the way is a link (that stays inside the root, or locate would have refused): name it.
    let current = rootReal;
    for (const segment of relative(rootReal, lexical).split(sep)) {
      current = join(current, segment);
      if (await isLink(current)) throw new LinkRefused(shown(rootReal, current));
    }
    throw new LinkRefused(files.id);
  }
  const planning = join(lexical, 'planning');
  if (await isLink(planning)) throw new LinkRefused(shown(rootReal, planning));
  return files;
}

async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** A path under the root as answers show it: relative, with `/`. */
export function shown(rootReal: string, path: string): string {
  return relative(rootReal, path).split(sep).join('/');
}
