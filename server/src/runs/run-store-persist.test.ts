import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStateStore, STATE_FILE_NAME } from '../state/state-store';
import { tempRoot, todoTaskPlan, until, writeWorkflow, type TempRoot } from '../test-support/run-harness';
import { WorkspaceRepository } from '../workspace/workspace-repository';
import { FileRunStore } from './file-run-store';

let root: TempRoot | undefined;
afterEach(async () => {
  await root?.cleanup();
  root = undefined;
});

describe('a run whose index row cannot be written in the background', () => {
  it('reports the failure instead of leaving a rejection unhandled, and writes the row once the state file can be written again', async () => {
    root = await tempRoot();
    await writeWorkflow(root.root, 'wf', todoTaskPlan());
    const state = await FileStateStore.open(root.dataDir);
    const workspace = await WorkspaceRepository.open(root.root);
    const failures: string[] = [];
    const runs = new FileRunStore({ state, workspace, summaryFlushMs: 5, onPersistError: (_error, runId) => failures.push(runId) });
    try {
      const run = await runs.create({ workflowId: 'wf', provider: 'scripted' });
      // The state file's place taken by a folder with a file in it: lowdb's rename onto it fails, even for root.
      const statePath = join(root.dataDir, STATE_FILE_NAME);
      await rm(statePath);
      await mkdir(statePath);
      await writeFile(join(statePath, 'blocker'), 'x');

      // A status change is written to the index at once, in the background.
      await runs.append(run.id, [{ type: 'run_status', data: { status: 'waiting_input', reason: 'a question' } }]);
      await until(() => failures.length > 0, 'the failed background write to be reported');
      expect(failures[0]).toBe(run.id);
      // The run goes on: its log took the event, and the live row says so.
      expect(runs.get(run.id)?.status).toBe('waiting_input');

      await rm(statePath, { recursive: true });
      const onDisk = await until(async () => {
        try {
          const saved = JSON.parse(await readFile(statePath, 'utf8')) as { runs: Record<string, { status: string }> };
          return saved.runs[run.id]?.status === 'waiting_input' ? saved : undefined;
        } catch {
          return undefined;
        }
      }, 'the row to be written again');
      expect(onDisk.runs[run.id]?.status).toBe('waiting_input');
    } finally {
      await runs.close();
    }
  });
});
