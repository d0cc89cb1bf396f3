import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringifyPreserving } from '@planvas/shared';
import { InvalidWorkflowId, WorkflowExists } from '../errors/domain-errors';
import { SKIPPED_FOLDERS } from './discover-workflows';
import type { DocumentWrites, WriteContext } from './document-writes';
import { readJsonFile } from './json-file';
import { revisionOf } from './revision';
import { assertCreatableOutsideRunFolders } from './run-folders';
import { pathExists } from './path-exists';
import { checkWorkflowId, realPathInside } from './safe-path';
import { assertCreatableInside } from './workflow-place';
import { templateFiles, type WorkflowTemplate } from './workflow-templates';

export interface CreatedWorkflow {
  id: string;
  planRevision: string;
  stepConfigRevision: string | null;
}

/**
 * Creates `<id>/planning/plan.json` (+ an empty step_config.json) from a template. The id must
 * be a new folder inside the root, outside hidden, reserved and run folders, reached through no
 * link that leads out; an existing plan.json is never replaced (WorkflowExists).
 */
export async function createWorkflow(
  writes: DocumentWrites,
  id: string,
  template: WorkflowTemplate,
  objective: string,
  context: WriteContext,
): Promise<CreatedWorkflow> {
  const check = checkWorkflowId(id);
  if (!check.ok) throw new InvalidWorkflowId(id, check.reason, '$.id');
  const hidden = check.segments.find((s) => s.startsWith('.') || SKIPPED_FOLDERS.has(s));
  if (hidden) throw new InvalidWorkflowId(id, `"${hidden}" is a reserved or hidden folder name, where workflows are not looked for`, '$.id');
  const lexical = join(writes.root, ...check.segments);
  await assertCreatableInside(writes.root, id, lexical);
  await assertCreatableOutsideRunFolders(writes.root, id, lexical);
  const planningLexical = join(lexical, 'planning');
  return writes.queue.run(join(planningLexical, 'plan.json'), async () => {
    if (await pathExists(join(planningLexical, 'plan.json'))) throw new WorkflowExists(id);
    await mkdir(planningLexical, { recursive: true });
    // Checked again after mkdir: a symlink swapped in meanwhile must not send the write outside.
    const planningDir = await realPathInside(writes.root, planningLexical);
    if (!planningDir) throw new InvalidWorkflowId(id, 'it leads outside the workspace root');
    const files = templateFiles(template, objective);
    const planText = stringifyPreserving(files.plan);
    try {
      await writes.writeFile(join(planningDir, 'plan.json'), planText, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new WorkflowExists(id);
      throw error;
    }
    const configText = stringifyPreserving(files.stepConfig);
    let stepConfigRevision: string | null = revisionOf(configText);
    try {
      await writes.writeFile(join(planningDir, 'step_config.json'), configText, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A step_config.json that was already there is the user's: it is kept as it is.
      stepConfigRevision = (await readJsonFile(join(planningDir, 'step_config.json')))?.revision ?? null;
    }
    // step_config first: a listener that learns of a new workflow from its plan then knows both.
    if (stepConfigRevision !== null) writes.announce(id, 'step_config', stepConfigRevision, context);
    writes.announce(id, 'plan', revisionOf(planText), context);
    return { id, planRevision: revisionOf(planText), stepConfigRevision };
  });
}
