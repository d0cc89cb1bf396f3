import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { tempRoot, writeWorkflow, type TempRoot } from '../test-support/run-harness';
import { asHttpAnswer } from '../test-support/http-answer';
import { discoverWorkflows } from './discover-workflows';
import { runFolderIn } from './run-folders';
import { WorkspaceRepository } from './workspace-repository';

const plan = { objective: 'o', steps: [] };
const RUN = '20250612-091403-3f9a1c';

let root: TempRoot;
let repo: WorkspaceRepository;
beforeEach(async () => {
  root = await tempRoot();
  await writeWorkflow(root.root, 'A', plan);
  // What runs may leave behind: plan.json files under every kind of run folder.
  for (const id of [`A/runs/${RUN}/execution`, `A/runs/${RUN}`, 'A/logs/work', 'A/learnings/work', 'A/execution/step-1', 'logs/Top']) {
    await writeWorkflow(root.root, id, plan);
  }
  repo = await WorkspaceRepository.open(root.root);
});
afterEach(async () => {
  await root.cleanup();
});

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => asHttpAnswer(e),
  );
  expect(error).toBeInstanceOf(ApiError);
  const { statusCode, code, message } = error as ApiError;
  return { statusCode, code, message };
}

describe('run folders are never workflows', () => {
  it('names the run folders of an id', () => {
    expect(runFolderIn(['A', 'runs', RUN, 'execution'])).toBe('runs');
    expect(runFolderIn(['Team', 'Ops'])).toBeUndefined();
    expect(runFolderIn(['A', 'learnings'])).toBe('learnings');
  });

  it('discovery lists none of them', async () => {
    expect(await discoverWorkflows(root.root)).toEqual(['A']);
  });

  it('lookup refuses every id through a run folder with 400 invalid_workflow_id', async () => {
    for (const id of [`A/runs/${RUN}/execution`, `A/runs/${RUN}`, 'A/logs/work', 'A/learnings/work', 'A/execution/step-1', 'logs/Top']) {
      const refused = await refusal(repo.get(id));
      expect(refused, id).toMatchObject({ statusCode: 400, code: 'invalid_workflow_id' });
      expect(refused.message).toContain('run folder');
      expect((await refusal(repo.savePlan(id, plan, { kind: 'any' }))).statusCode).toBe(400);
    }
    await expect(repo.get('A')).resolves.toMatchObject({ id: 'A' });
  });

  it('a symlink into a run folder is no workflow (404), and nothing is created through one (400)', async () => {
    await symlink(join(root.root, `A/runs/${RUN}/execution`), join(root.root, 'Sneaky'), 'dir');
    await symlink(join(root.root, `A/runs/${RUN}`), join(root.root, 'Door'), 'dir');
    await mkdir(join(root.root, 'B'), { recursive: true });
    await symlink(join(root.root, `A/runs/${RUN}/execution/planning`), join(root.root, 'B/planning'), 'dir');
    expect(await refusal(repo.get('Sneaky'))).toMatchObject({ statusCode: 404, code: 'workflow_not_found' });
    expect(await refusal(repo.get('B'))).toMatchObject({ statusCode: 404, code: 'workflow_not_found' });
    const created = await refusal(repo.create('Door/New', 'blank', ''));
    expect(created).toMatchObject({ statusCode: 400, code: 'invalid_workflow_id' });
    expect(created.message).toContain('run folder');
    expect((await refusal(repo.create(`A/runs/${RUN}/New`, 'blank', ''))).statusCode).toBe(400);
    await expect(repo.create('Fine/New', 'blank', '')).resolves.toMatchObject({ id: 'Fine/New' });
  });
});
