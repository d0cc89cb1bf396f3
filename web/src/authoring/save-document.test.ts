import { describe, expect, it } from 'vitest';
import { agentConfigsOf, findStep, type Plan } from '@planvas/shared';
import type { WorkflowChangeEvent } from '../api/changes-stream';
import type { AppStore } from '../store/app-store';
import { createMemoryWorkspace, type MemoryWorkspace } from '../test/memory-workspace';
import { planDocumentOf } from '../store/document/plan-document';
import { keepMine, onDiskChange, saveDocument, saveMineAsCopy, type SaveApi } from './save-document';
import { fixtureDocument, storeWithDocument } from '../test/authoring-store';

const ID = 'Workflow/ResearchReport';

function setup() {
  const workspace = createMemoryWorkspace([fixtureDocument(ID, { plan: 'p0', stepConfig: 's0' })]);
  return { workspace, ...tab(workspace, 'tab-a') };
}

/** One browser tab: its own store with the workflow as it is now on "disk", its own client id. */
function tab(workspace: MemoryWorkspace, clientId: string): { store: AppStore; api: SaveApi } {
  const api: SaveApi = {
    ...workspace.authoringApi(clientId),
    getWorkflow: (id) => workspace.getWorkflow(id),
    listWorkflows: async () => [...workspace.workflows.keys()].map((id) => ({ id, title: id, stepCount: 0, legacy: false, problemCount: 0 })),
  };
  const store = storeWithDocument({ ...fixtureDocument(ID), ...stored(workspace) });
  return { store, api };
}

function stored(workspace: MemoryWorkspace) {
  const w = workspace.workflows.get(ID)!;
  return { plan: structuredClone(w.plan), planRevision: w.planRevision, stepConfig: structuredClone(w.stepConfig), stepConfigRevision: w.stepConfigRevision };
}

/** Tab A saves a new title of gather-sources; tab B, still at the revision before, gives it another one (unsaved). */
async function bothRetitle() {
  const { workspace, store: a, api: apiA } = setup();
  const { store: b, api: apiB } = tab(workspace, 'tab-b');
  a.getState().updateStepFields('gather-sources', { title: 'From A' });
  await saveDocument(a, apiA);
  b.getState().updateStepFields('gather-sources', { title: 'From B' });
  return { workspace, b, apiB };
}

const onDisk = (workspace: MemoryWorkspace) => workspace.workflows.get(ID)!;
const titleOf = (plan: Plan, id: string) => findStep(plan, id)?.step.title;

describe('saving', () => {
  it('writes nothing for a clean document', async () => {
    const { store, api, workspace } = setup();
    expect(await saveDocument(store, api)).toBe('clean');
    expect(workspace.writes).toEqual([]);
  });

  it('saves only the document that changed, against its revision, and is clean after', async () => {
    const { store, api, workspace } = setup();
    store.getState().updateStepFields('gather-sources', { title: 'Collect' });
    expect(store.getState().dirty).toBe(true);
    expect(await saveDocument(store, api)).toBe('saved');
    expect(workspace.writes).toEqual([{ workflowId: ID, document: 'plan', clientId: 'tab-a' }]);
    expect(titleOf(onDisk(workspace).plan, 'gather-sources')).toBe('Collect');
    expect(store.getState()).toMatchObject({ dirty: false, saving: false, document: { planRevision: onDisk(workspace).planRevision } });

    store.getState().setAgentConfigOf('draft-report', { execution_max_turns: 9 });
    expect(await saveDocument(store, api)).toBe('saved');
    expect(workspace.writes.at(-1)).toEqual({ workflowId: ID, document: 'step_config', clientId: 'tab-a' });
    expect(onDisk(workspace).stepConfig!.steps.at(-1)).toEqual({ id: 'draft-report', title: 'Draft Report', agent_configs: { execution_max_turns: 9 } });
    // Undoing back to what was saved makes it dirty again (the disk has the change now).
    store.getState().undo();
    expect(store.getState().dirty).toBe(true);
  });

  it('creates a missing step_config.json (If-Match "absent")', async () => {
    const workspace = createMemoryWorkspace([{ ...fixtureDocument(ID), stepConfig: null, stepConfigRevision: null }]);
    const { store, api } = tab(workspace, 'tab-a');
    store.getState().setAgentConfigOf('gather-sources', { execution_llm: { provider: 'openai', model_id: 'gpt-4.1' } });
    expect(await saveDocument(store, api)).toBe('saved');
    expect(onDisk(workspace).stepConfig).toEqual({
      steps: [{ id: 'gather-sources', title: 'Gather Sources', agent_configs: { execution_llm: { provider: 'openai', model_id: 'gpt-4.1' } } }],
    });
  });

  it('keeps the edits and says where when the server refuses the document', async () => {
    const { store, api } = setup();
    const bad = { ...store.getState().document!, plan: { ...store.getState().document!.plan!, steps: [{ type: 'regular', id: 'x', title: 5 }] } } as never;
    store.getState().applyEdit('Break it', () => ({ ok: true, doc: planDocumentOf(bad)! }));
    expect(await saveDocument(store, api)).toBe('error');
    expect(store.getState().dirty).toBe(true);
    expect(store.getState().toasts.at(-1)).toMatchObject({ tone: 'error', details: [{ path: '$.steps[0].title' }] });
  });
});

describe('two tabs save the same workflow', () => {
  it('the second sees the conflict; keep mine re-applies its edits onto the first tab’s save and loses nothing', async () => {
    const { workspace, store: a, api: apiA } = setup();
    const { store: b, api: apiB } = tab(workspace, 'tab-b');
    a.getState().updateStepFields('gather-sources', { title: 'From A' });
    expect(await saveDocument(a, apiA)).toBe('saved');
    b.getState().updateStepFields('draft-report', { title: 'From B' });
    b.getState().addStepOfKind('regular', { title: 'Added by B' });
    expect(await saveDocument(b, apiB)).toBe('conflict');
    const conflict = b.getState().conflict!;
    expect(conflict.source).toBe('save');
    expect(titleOf(conflict.theirs.plan!, 'gather-sources')).toBe('From A');
    expect(titleOf(conflict.mine.plan, 'draft-report')).toBe('From B');
    expect(b.getState().dirty).toBe(true);

    expect(await keepMine(b, apiB)).toBe('saved');
    const plan = onDisk(workspace).plan;
    expect(titleOf(plan, 'gather-sources')).toBe('From A');
    expect(titleOf(plan, 'draft-report')).toBe('From B');
    expect(plan.steps.at(-1)!.id).toBe('added-by-b');
    expect(b.getState()).toMatchObject({ dirty: false, conflict: null });
  });

  it('take theirs shows the disk version, clean, and undo brings mine back', async () => {
    const { workspace, b, apiB } = await bothRetitle();
    await saveDocument(b, apiB);
    b.getState().takeTheirs();
    expect(titleOf(b.getState().document!.plan!, 'gather-sources')).toBe('From A');
    expect(b.getState()).toMatchObject({ dirty: false, conflict: null });
    b.getState().undo();
    expect(titleOf(b.getState().document!.plan!, 'gather-sources')).toBe('From B');
    expect(b.getState().dirty).toBe(true);
    expect(await saveDocument(b, apiB)).toBe('saved');
    expect(titleOf(onDisk(workspace).plan, 'gather-sources')).toBe('From B');
  });

  it('save mine as a copy: a new workflow with my version, the original as the other tab saved it', async () => {
    const { workspace, b, apiB } = await bothRetitle();
    b.getState().setAgentConfigOf('gather-sources', { execution_max_turns: 7 });
    await saveDocument(b, apiB);
    await apiB.createWorkflow(`${ID}-copy`);
    expect(await saveMineAsCopy(b, apiB)).toBe(`${ID}-copy-2`);
    const copy = workspace.workflows.get(`${ID}-copy-2`)!;
    expect(titleOf(copy.plan, 'gather-sources')).toBe('From B');
    expect(agentConfigsOf({ plan: copy.plan, stepConfig: copy.stepConfig }, 'gather-sources')).toEqual({ execution_max_turns: 7 });
    expect(titleOf(onDisk(workspace).plan, 'gather-sources')).toBe('From A');
    expect(b.getState()).toMatchObject({ conflict: null, dirty: false });
  });
});

describe('changes on disk', () => {
  const planChange = (revision: string, clientId?: string): WorkflowChangeEvent => ({
    type: 'change',
    workflowId: ID,
    document: 'plan',
    revision,
    origin: clientId ? 'planvas' : 'disk',
    ...(clientId ? { clientId } : {}),
  });

  it('ignores the tab’s own saves and revisions it already has', async () => {
    const { store, api, workspace } = setup();
    expect(await onDiskChange(store, api, planChange('p-other', 'tab-a'))).toBe('ignored');
    expect(await onDiskChange(store, api, planChange(onDisk(workspace).planRevision))).toBe('ignored');
  });

  it('reloads a clean document silently', async () => {
    const { store, api, workspace } = setup();
    const plan = structuredClone(onDisk(workspace).plan);
    plan.steps[0]!.title = 'Edited in vim';
    workspace.editOnDisk(ID, { plan });
    expect(await onDiskChange(store, api, planChange(onDisk(workspace).planRevision))).toBe('reloaded');
    expect(titleOf(store.getState().document!.plan!, 'gather-sources')).toBe('Edited in vim');
    expect(store.getState()).toMatchObject({ dirty: false, conflict: null });
  });

  it('opens the conflict dialog for a dirty document and keeps the edits', async () => {
    const { store, api, workspace } = setup();
    store.getState().updateStepFields('draft-report', { title: 'Mine' });
    const plan = structuredClone(onDisk(workspace).plan);
    plan.steps[0]!.title = 'Edited in vim';
    workspace.editOnDisk(ID, { plan });
    expect(
      await onDiskChange(store, api, {
        type: 'ready',
        workflowId: ID,
        planRevision: onDisk(workspace).planRevision,
        stepConfigRevision: onDisk(workspace).stepConfigRevision,
      }),
    ).toBe('conflict');
    expect(store.getState().conflict).toMatchObject({ source: 'disk' });
    expect(titleOf(store.getState().document!.plan!, 'draft-report')).toBe('Mine');
    expect(await keepMine(store, api)).toBe('saved');
    expect(titleOf(onDisk(workspace).plan, 'gather-sources')).toBe('Edited in vim');
    expect(titleOf(onDisk(workspace).plan, 'draft-report')).toBe('Mine');
  });
});
