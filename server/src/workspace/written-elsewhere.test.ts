import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { eventually } from '../test-support/sse-client';
import { writeFileAtomic } from './atomic-write';
import { revisionOf } from './revision';
import type { DocumentChange, WorkflowRevisions } from './workspace-changes';
import { WorkspaceRepository } from './workspace-repository';
import { WorkspaceWatcher, type WorkspaceWatcherOptions } from './workspace-watcher';

// Another planvas instance's writes as this one's watcher hears of them (team mode): the notices
// team-writes.ts relays, here handed to the repository directly, and the files written as that
// instance would (temp file and rename). The database side is routes/team-saves.test.ts'.
const ID = 'Workflow/ResearchReport';

let ws: TempWorkspace;
let repository: WorkspaceRepository;
let watcher: WorkspaceWatcher;
const errors: unknown[] = [];

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  repository = await WorkspaceRepository.open(ws.root);
  errors.length = 0;
});
afterEach(async () => {
  watcher.close();
  await ws.cleanup();
  expect(errors).toEqual([]);
});

const planPath = () => join(ws.root, ID, 'planning', 'plan.json');

async function follow(options: WorkspaceWatcherOptions = {}): Promise<DocumentChange[]> {
  watcher = new WorkspaceWatcher(repository, { ...options, onError: (error) => errors.push(error) });
  const changes: DocumentChange[] = [];
  await watcher.subscribeWorkflow(ID, { ready: (_: WorkflowRevisions) => undefined, change: (change) => changes.push(change) });
  return changes;
}

/** plan.json with another objective, as text, and its revision. */
async function nextPlan(objective: string): Promise<{ text: string; revision: string }> {
  const plan = JSON.parse(await readFile(planPath(), 'utf8')) as Record<string, unknown>;
  const text = `${JSON.stringify({ ...plan, objective }, null, 2)}\n`;
  return { text, revision: revisionOf(text) };
}

describe("another instance's writes on this instance's change streams", () => {
  it("reports bytes announced before their rename as planvas' own, with the tab, even when the file watcher reads them first", async () => {
    const changes = await follow({ debounceMs: 1 });
    const { text, revision } = await nextPlan('written elsewhere');
    repository.writtenElsewhere({ phase: 'writing', workflowId: ID, document: 'plan', revision, clientId: 'tab-b' });
    await writeFileAtomic(planPath(), text);
    // No `written` notice: the watcher's own read is what reports it.
    await eventually(() => changes.length > 0, 'the change');
    expect(changes).toEqual([{ workflowId: ID, document: 'plan', revision, origin: 'planvas', clientId: 'tab-b' }]);
  });

  it('reports a written notice at once, where the file system tells nothing', async () => {
    const changes = await follow({ fsEvents: false, pollMs: 600_000 });
    const { text, revision } = await nextPlan('written elsewhere');
    await writeFileAtomic(planPath(), text);
    repository.writtenElsewhere({ phase: 'written', workflowId: ID, document: 'plan', revision });
    await eventually(() => changes.length > 0, 'the change');
    expect(changes).toEqual([{ workflowId: ID, document: 'plan', revision, origin: 'planvas' }]);
  });

  it('never reports a late notice of a revision the file no longer holds', async () => {
    const changes = await follow({ fsEvents: false, pollMs: 600_000 });
    const first = await nextPlan('first');
    const second = await nextPlan('second');
    await writeFileAtomic(planPath(), first.text);
    await writeFileAtomic(planPath(), second.text);
    // The second write's notice went missing (a dropped connection); the first's comes late.
    repository.writtenElsewhere({ phase: 'written', workflowId: ID, document: 'plan', revision: first.revision, clientId: 'tab-1' });
    await eventually(() => changes.length > 0, 'the change');
    // What the file holds is reported, as the file system's: nobody claimed those bytes.
    expect(changes).toEqual([{ workflowId: ID, document: 'plan', revision: second.revision, origin: 'disk' }]);
  });

  it("reports a removal another instance made (a moved or deleted workflow) as planvas' own", async () => {
    const changes = await follow({ fsEvents: false, pollMs: 600_000 });
    await rm(join(ws.root, ID), { recursive: true });
    repository.writtenElsewhere({ phase: 'written', workflowId: ID, document: 'plan', revision: null, clientId: 'tab-b' });
    await eventually(() => changes.length > 0, 'the change');
    expect(changes).toEqual([{ workflowId: ID, document: 'plan', revision: null, deleted: true, origin: 'planvas', clientId: 'tab-b' }]);
  });
});
