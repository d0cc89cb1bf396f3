import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { eventually } from '../test-support/sse-client';
import { answering } from '../test-support/http-answer';
import { revisionOf } from './revision';
import type { DocumentChange, WorkflowRevisions, WorkflowsChange, WorkspaceRevisions } from './workspace-changes';
import { WorkspaceRepository } from './workspace-repository';
import { WorkspaceWatcher } from './workspace-watcher';

const ID = 'Workflow/ResearchReport';

let ws: TempWorkspace;
let repository: WorkspaceRepository;
let watcher: WorkspaceWatcher;
const errors: unknown[] = [];

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  repository = await WorkspaceRepository.open(ws.root);
  watcher = new WorkspaceWatcher(repository, { onError: (error) => errors.push(error) });
  errors.length = 0;
});
afterEach(async () => {
  watcher.close();
  await ws.cleanup();
  expect(errors).toEqual([]);
});

const planPath = (id = ID) => join(ws.root, id, 'planning', 'plan.json');

function recorder<Ready>() {
  const log: Array<{ type: 'ready'; data: Ready } | { type: 'change'; data: DocumentChange } | { type: 'workflows'; data: WorkflowsChange }> = [];
  return {
    log,
    subscriber: {
      ready: (data: Ready) => log.push({ type: 'ready', data }),
      change: (data: DocumentChange) => log.push({ type: 'change', data }),
      workflows: (data: WorkflowsChange) => log.push({ type: 'workflows', data }),
    },
    changes: () => log.flatMap((e) => (e.type === 'change' ? [e.data] : [])),
    workflows: () => log.flatMap((e) => (e.type === 'workflows' ? [e.data] : [])),
  };
}

describe('WorkspaceWatcher', () => {
  it('sends ready before any change, even when the file changes while the subscription starts', async () => {
    const first = recorder<WorkflowRevisions>();
    await watcher.subscribeWorkflow(ID, first.subscriber);
    const second = recorder<WorkflowRevisions>();
    const text = `${(await readFile(planPath(), 'utf8')).trimEnd()}\n\n`;
    // The write races the second subscription's baseline: either the snapshot has the new
    // revision, or a change follows it; never a change first, never the change lost.
    const subscribing = watcher.subscribeWorkflow(ID, second.subscriber);
    await writeFile(planPath(), text);
    await subscribing;
    await eventually(() => first.changes().length === 1, 'the change for the first subscriber');
    expect(second.log[0]?.type).toBe('ready');
    const snapshot = second.log[0]!.data as WorkflowRevisions;
    if (snapshot.planRevision !== revisionOf(text)) {
      await eventually(() => second.changes().length === 1, 'the change for the second subscriber');
      expect(second.changes()[0]!.revision).toBe(revisionOf(text));
    }
  });

  it('announces a workflow copied in at once (folder, planning folder and files in one go) and one deleted', async () => {
    const all = recorder<WorkspaceRevisions>();
    await watcher.subscribeWorkspace(all.subscriber);
    await cp(join(ws.root, ID), join(ws.root, 'Copies/Report'), { recursive: true });
    await eventually(() => all.workflows().some((w) => w.added.includes('Copies/Report')), 'the copy added');
    // Its documents were read before it was announced: a later edit is a change, not a baseline.
    const text = `${(await readFile(planPath('Copies/Report'), 'utf8')).trimEnd()}\n\n`;
    await writeFile(planPath('Copies/Report'), text);
    await eventually(() => all.changes().some((c) => c.workflowId === 'Copies/Report' && c.revision === revisionOf(text)), 'the edit of the copy');

    await rm(join(ws.root, ID), { recursive: true });
    await eventually(() => all.workflows().some((w) => w.removed.includes(ID)), 'the deletion');
    expect(all.changes().filter((c) => c.workflowId === ID)).toEqual(
      expect.arrayContaining([expect.objectContaining({ document: 'plan', revision: null, deleted: true, origin: 'disk' })]),
    );
  });

  it('notices a plan.json written into a planning folder that existed without one', async () => {
    await mkdir(join(ws.root, 'Drafts/Idea/planning'), { recursive: true });
    const all = recorder<WorkspaceRevisions>();
    await watcher.subscribeWorkspace(all.subscriber);
    expect((all.log[0]!.data as WorkspaceRevisions).workflows.map((w) => w.workflowId)).not.toContain('Drafts/Idea');
    await writeFile(planPath('Drafts/Idea'), '{"steps": []}\n');
    await eventually(() => all.workflows().some((w) => w.added.includes('Drafts/Idea')), 'the new workflow');
  });

  it('tells a workflow subscriber that it is gone when its folder is moved away, and back when it returns', async () => {
    const one = recorder<WorkflowRevisions>();
    await watcher.subscribeWorkflow(ID, one.subscriber);
    const planRevision = (one.log[0]!.data as WorkflowRevisions).planRevision;
    await rename(join(ws.root, ID), join(ws.root, 'Elsewhere'));
    await eventually(() => one.changes().some((c) => c.document === 'plan' && c.deleted === true), 'the plan reported gone');
    await rename(join(ws.root, 'Elsewhere'), join(ws.root, ID));
    await eventually(() => one.changes().some((c) => c.document === 'plan' && c.revision === planRevision), 'the plan reported back');
  });

  it('tells the other subscribers when one subscriber throws', async () => {
    const good = recorder<WorkflowRevisions>();
    await watcher.subscribeWorkflow(ID, {
      ready: () => undefined,
      change: () => {
        throw new Error('broken stream');
      },
    });
    await watcher.subscribeWorkflow(ID, good.subscriber);
    await writeFile(planPath(), `${await readFile(planPath(), 'utf8')} `);
    await eventually(() => good.changes().length === 1, 'the change for the healthy subscriber');
  });

  it('watches while someone is subscribed, stops with the last one, and refuses subscriptions after close', async () => {
    expect(watcher.watchedFolderCount).toBe(0);
    const stopA = await watcher.subscribeWorkflow(ID, recorder<WorkflowRevisions>().subscriber);
    const stopB = await watcher.subscribeWorkspace(recorder<WorkspaceRevisions>().subscriber);
    expect(watcher.subscriberCount).toBe(2);
    expect(watcher.watchedFolderCount).toBeGreaterThan(0);
    stopA();
    stopA();
    expect(watcher.subscriberCount).toBe(1);
    expect(watcher.watchedFolderCount).toBeGreaterThan(0);
    stopB();
    expect(watcher.subscriberCount).toBe(0);
    expect(watcher.watchedFolderCount).toBe(0);

    await watcher.subscribeWorkflow(ID, recorder<WorkflowRevisions>().subscriber);
    watcher.close();
    expect(watcher.watchedFolderCount).toBe(0);
    await expect(answering(watcher.subscribeWorkflow(ID, recorder<WorkflowRevisions>().subscriber))).rejects.toMatchObject({ statusCode: 503 });
  });
});
