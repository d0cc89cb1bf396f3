import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKSPACE, expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { editPlan } from '../test-support/plan-saves';
import {
  deleteWorkflow,
  deletionPreview,
  duplicateWorkflow,
  endRun,
  externalRun,
  listedIds,
  putLayout,
  putView,
  renameWorkflow,
  stateOnDisk,
} from '../test-support/workflow-management';

const fixture = useFixtureApp('each');
const REPORT = 'Workflow/ResearchReport';
const folder = (id: string) => join(fixture.ws.root, ...id.split('/'));
const bytes = (id: string, rel: string) => readFile(join(folder(id), rel));

describe('POST /api/workflows/:id/duplicate', () => {
  it('copies planning/ byte for byte and learnings/, not runs/ or logs/, and answers 201 with the revisions and Location', async () => {
    const { app } = fixture;
    const runId = await externalRun(app, REPORT);
    await endRun(app, runId);
    const res = await duplicateWorkflow(app, REPORT, 'Copies/Report copy');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(workflowUrl('Copies/Report copy'));
    const view = (await app.inject({ url: workflowUrl(REPORT) })).json();
    expect(res.json()).toEqual({ id: 'Copies/Report copy', planRevision: view.planRevision, stepConfigRevision: view.stepConfigRevision });
    for (const rel of ['planning/plan.json', 'planning/step_config.json', 'learnings/literature-reviewer/learnings.md']) {
      expect((await bytes('Copies/Report copy', rel)).equals(await bytes(REPORT, rel)), rel).toBe(true);
    }
    expect((await readdir(folder('Copies/Report copy'))).sort()).toEqual(['learnings', 'planning']);
    expect(existsSync(join(folder(REPORT), 'runs', runId))).toBe(true);
    expect(await listedIds(app)).toContain('Copies/Report copy');
    // The copy has no runs; the original keeps its own.
    expect((await app.inject({ url: `/api/runs?workflow=${encodeURIComponent('Copies/Report copy')}` })).json().runs).toEqual([]);
    expect((await app.inject({ url: `/api/runs?workflow=${encodeURIComponent(REPORT)}` })).json().runs).toHaveLength(1);
    // Nothing half-made is left beside it.
    expect((await readdir(folder('Copies'))).sort()).toEqual(['Report copy']);
  });

  it('starts the copy with the view and layouts of the original', async () => {
    const { app, ws } = fixture;
    await putView(app, REPORT);
    await putLayout(app, REPORT);
    expect((await duplicateWorkflow(app, REPORT, 'Copy')).statusCode).toBe(201);
    const { state, layouts } = await stateOnDisk(app, ws);
    expect(state.views.Copy).toEqual(state.views[REPORT]);
    expect(layouts.workflows.Copy.LR).toEqual(layouts.workflows[REPORT].LR);
    expect((await app.inject({ url: workflowUrl('Copy', '/view') })).json().direction).toBe('TB');
  });

  it('409 workflow_exists when newId is a workflow or any folder or file, and nothing changes', async () => {
    const { app, ws } = fixture;
    await mkdir(join(ws.root, 'Plain folder'));
    const before = await hashTree(ws.root);
    for (const newId of ['Workflow/NoFinalNewline', 'Plain folder', 'Workflow']) {
      expectApiError(await duplicateWorkflow(app, REPORT, newId), 409, 'workflow_exists');
    }
    expect(await hashTree(ws.root)).toEqual(before);
  });

  it('404 for a source that is no workflow, 400 schema_violation for a bad body, each in the one error shape', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    expectApiError(await duplicateWorkflow(app, 'Nope', 'X'), 404, 'workflow_not_found');
    for (const payload of [{}, { newId: 7 }, { newId: '' }, { newId: 'X', extra: 1 }]) {
      const res = await app.inject({ method: 'POST', url: workflowUrl(REPORT, '/duplicate'), payload });
      const body = expectApiError(res, 400, 'schema_violation');
      expect(body.details[0]!.path).toMatch(/^\$/);
    }
    expectApiError(await app.inject({ method: 'POST', url: workflowUrl(REPORT, '/duplicate') }), 400, 'body_missing');
    expect(await hashTree(ws.root)).toEqual(before);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('POST /api/workflows/:id/rename', () => {
  it('moves the folder (parents made), and the view, layouts, promotions and run index follow it', async () => {
    const { app, ws } = fixture;
    const legacy = 'Workflow/LegacyOnboarding';
    // A flattening save remembers the legacy promotions under the workflow's id.
    expect((await editPlan(app, legacy, (plan) => (plan.objective = 'flattened'))).statusCode).toBe(200);
    await putView(app, legacy);
    await putLayout(app, legacy);
    const runId = await externalRun(app, legacy);
    await endRun(app, runId);
    const treeBefore = await hashTree(folder(legacy));
    const before = await stateOnDisk(app, ws);
    expect(before.state.legacyPromotions[legacy]).toBeDefined();

    const res = await renameWorkflow(app, legacy, 'Archive/2024/Onboarding');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: 'Archive/2024/Onboarding' });
    expect(existsSync(folder(legacy))).toBe(false);
    expect(await hashTree(folder('Archive/2024/Onboarding'))).toEqual(treeBefore);

    const { state, layouts } = await stateOnDisk(app, ws);
    expect(state.views['Archive/2024/Onboarding']).toEqual(before.state.views[legacy]);
    expect(state.views[legacy]).toBeUndefined();
    expect(state.legacyPromotions['Archive/2024/Onboarding']).toEqual(before.state.legacyPromotions[legacy]);
    expect(state.legacyPromotions[legacy]).toBeUndefined();
    expect(state.runs[runId].workflowId).toBe('Archive/2024/Onboarding');
    expect(layouts.workflows['Archive/2024/Onboarding']).toEqual(before.layouts.workflows[legacy]);
    expect(layouts.workflows[legacy]).toBeUndefined();

    const runs = (await app.inject({ url: `/api/runs?workflow=${encodeURIComponent('Archive/2024/Onboarding')}` })).json().runs;
    expect(runs.map((r: { id: string }) => r.id)).toEqual([runId]);
    // The run's log is read from its new place.
    expect((await app.inject({ url: `/api/runs/${runId}/events` })).json().events.length).toBeGreaterThan(0);
    const ids = await listedIds(app);
    expect(ids).toContain('Archive/2024/Onboarding');
    expect(ids).not.toContain(legacy);
    expectApiError(await app.inject({ url: workflowUrl(legacy) }), 404, 'workflow_not_found');
  });

  it('moves the workflows nested in the folder along, with their state', async () => {
    const { app, ws } = fixture;
    await cp(join(FIXTURE_WORKSPACE, 'Workflow/NoFinalNewline'), join(folder(REPORT), 'Inner'), { recursive: true });
    await putView(app, `${REPORT}/Inner`);
    expect((await renameWorkflow(app, REPORT, 'Moved')).statusCode).toBe(200);
    expect(await listedIds(app)).toEqual(expect.arrayContaining(['Moved', 'Moved/Inner']));
    const { state } = await stateOnDisk(app, ws);
    expect(Object.keys(state.views)).toEqual(['Moved/Inner']);
  });

  it('drops state left under the new id by a workflow that is no longer there', async () => {
    const { app, ws } = fixture;
    await putView(app, 'Workflow/NoFinalNewline');
    expect((await renameWorkflow(app, 'Workflow/NoFinalNewline', 'Gone')).statusCode).toBe(200);
    // Moved away outside planvas: its state stays under the old id.
    await cp(folder('Gone'), join(ws.root, 'Elsewhere'), { recursive: true });
    const { rm } = await import('node:fs/promises');
    await rm(folder('Gone'), { recursive: true });
    expect((await renameWorkflow(app, REPORT, 'Gone')).statusCode).toBe(200);
    expect((await app.inject({ url: workflowUrl('Gone', '/view') })).json().direction).toBe('LR');
  });

  it('409 run_active while a run of the workflow (or of one in its folder) is going, saying so; allowed once it ended', async () => {
    const { app, ws } = fixture;
    await cp(join(FIXTURE_WORKSPACE, 'Workflow/NoFinalNewline'), join(folder('Team/Ops/FourSpaceIndent'), 'Inner'), { recursive: true });
    const runId = await externalRun(app, REPORT);
    const innerRun = await externalRun(app, 'Team/Ops/FourSpaceIndent/Inner');
    const before = await hashTree(ws.root);
    const body = expectApiError(await renameWorkflow(app, REPORT, 'Moved'), 409, 'run_active');
    expect(body.message).toContain(runId);
    expect(body.message).toContain('running');
    expect(body.activeRuns).toEqual([runId]);
    expect(expectApiError(await renameWorkflow(app, 'Team/Ops/FourSpaceIndent', 'Flows'), 409, 'run_active').activeRuns).toEqual([innerRun]);
    expect(await hashTree(ws.root)).toEqual(before);
    await endRun(app, runId);
    expect((await renameWorkflow(app, REPORT, 'Moved')).statusCode).toBe(200);
  });

  it('takes ids in NFC: an NFD newId makes the NFC folder, and a folder spelled NFD on disk moves under its NFC id', async () => {
    const { app, ws } = fixture;
    const nfd = 'Cafe\u0301';
    const copy = await duplicateWorkflow(app, REPORT, `${nfd} copy`);
    expect(copy.json().id).toBe('Caf\u00e9 copy');
    expect(await readdir(ws.root)).toContain('Caf\u00e9 copy');
    await cp(join(FIXTURE_WORKSPACE, 'Workflow/NoFinalNewline'), join(ws.root, nfd), { recursive: true });
    await putView(app, 'Caf\u00e9');
    expect((await renameWorkflow(app, 'Caf\u00e9', `Moved/${nfd}`)).json()).toEqual({ id: 'Moved/Caf\u00e9' });
    expect(await readdir(ws.root)).not.toContain(nfd);
    expect(await readdir(folder('Moved'))).toEqual(['Caf\u00e9']);
    expect((await stateOnDisk(app, ws)).state.views['Moved/Caf\u00e9']).toBeDefined();
  });

  it('409 workflow_busy while a run of it is being made, and no run starts while it is being moved', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    const leave = app.runs.gate.enter(REPORT);
    expectApiError(await renameWorkflow(app, REPORT, 'Moved'), 409, 'workflow_busy');
    expectApiError(await deleteWorkflow(app, REPORT), 409, 'workflow_busy');
    leave();
    const thaw = app.runs.gate.freeze([REPORT]);
    expectApiError(await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: REPORT } }), 409, 'workflow_busy');
    expectApiError(await app.inject({ method: 'POST', url: workflowUrl(REPORT, '/runs'), payload: { paceMs: 0 } }), 409, 'workflow_busy');
    thaw();
    expect(await hashTree(ws.root)).toEqual(before);
    expect(app.runs.list()).toEqual([]);
  });

  it('409 workflow_exists when newId exists (a workflow, a folder, the id itself)', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    for (const newId of ['Workflow/NoFinalNewline', 'Team', REPORT]) expectApiError(await renameWorkflow(app, REPORT, newId), 409, 'workflow_exists');
    expect(await hashTree(ws.root)).toEqual(before);
  });

  it('a refused state write puts the folder back: nothing moved', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    const update = app.state.update.bind(app.state);
    app.state.update = async () => {
      throw Object.assign(new Error('read-only'), { code: 'EROFS', path: join(ws.dataDir, 'state.json') });
    };
    try {
      expectApiError(await renameWorkflow(app, REPORT, 'New/Place'), 503, 'data_folder_read_only');
    } finally {
      app.state.update = update;
    }
    expect(await hashTree(ws.root)).toEqual(before);
    expect(await listedIds(app)).toContain(REPORT);
  });
});

describe('GET /api/workflows/:id/deletion and DELETE /api/workflows/:id', () => {
  it('lists what would go, then deletes the folder and the state kept for it', async () => {
    const { app, ws } = fixture;
    await putView(app, REPORT);
    await putLayout(app, REPORT);
    const runId = await externalRun(app, REPORT);
    await endRun(app, runId);
    await writeFile(join(folder(REPORT), 'notes.txt'), 'twelve bytes');
    const preview = (await deletionPreview(app, REPORT)).json();
    const planRevision = (await app.inject({ url: workflowUrl(REPORT) })).json().planRevision;
    expect(preview).toMatchObject({
      id: REPORT,
      files: { plan: 'planning/plan.json', stepConfig: 'planning/step_config.json' },
      runs: 1,
      logs: 1,
      learnings: 1,
      otherFiles: 1,
      planRevision,
      activeRuns: [],
      nestedWorkflows: [],
    });
    const tree = await hashTree(folder(REPORT));
    let total = 0;
    for (const [rel, kind] of Object.entries(tree)) if (kind !== 'dir') total += (await readFile(join(folder(REPORT), rel))).length;
    expect(preview.bytes).toBe(total);

    const res = await deleteWorkflow(app, REPORT, `"${planRevision}"`);
    expect(res.statusCode, res.body).toBe(204);
    expect(existsSync(folder(REPORT))).toBe(false);
    expect((await readdir(folder('Workflow'))).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(await listedIds(app)).not.toContain(REPORT);
    const { state, layouts } = await stateOnDisk(app, ws);
    expect(state.views[REPORT]).toBeUndefined();
    expect(state.runs[runId]).toBeUndefined();
    expect(layouts.workflows[REPORT]).toBeUndefined();
    expectApiError(await app.inject({ url: `/api/runs/${runId}` }), 404, 'run_not_found');
  });

  it('412 stale_revision for a revision that is not the current one (with currentRevision and ETag), 428 without If-Match', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    const current = (await app.inject({ url: workflowUrl(REPORT) })).json().planRevision;
    const stale = expectApiError(await deleteWorkflow(app, REPORT, '"0000"'), 412, 'stale_revision');
    expect(stale.currentRevision).toBe(current);
    expect((await deleteWorkflow(app, REPORT, '"0000"')).headers.etag).toBe(`"${current}"`);
    expectApiError(await deleteWorkflow(app, REPORT, '"absent"'), 412, 'stale_revision');
    expectApiError(await app.inject({ method: 'DELETE', url: workflowUrl(REPORT) }), 428, 'if_match_required');
    expect(await hashTree(ws.root)).toEqual(before);
    expect((await deleteWorkflow(app, REPORT, '*')).statusCode).toBe(204);
  });

  it('refuses while a run is going (409 run_active, listed in the preview) and while other workflows are in the folder', async () => {
    const { app, ws } = fixture;
    const runId = await externalRun(app, REPORT);
    expect((await deletionPreview(app, REPORT)).json().activeRuns).toEqual([runId]);
    await cp(join(FIXTURE_WORKSPACE, 'Workflow/NoFinalNewline'), join(folder('Team/Ops/FourSpaceIndent'), 'Inner'), { recursive: true });
    const before = await hashTree(ws.root);
    expectApiError(await deleteWorkflow(app, REPORT), 409, 'run_active');
    expect((await deletionPreview(app, 'Team/Ops/FourSpaceIndent')).json().nestedWorkflows).toEqual(['Team/Ops/FourSpaceIndent/Inner']);
    const nested = expectApiError(await deleteWorkflow(app, 'Team/Ops/FourSpaceIndent'), 409, 'workflow_holds_workflows');
    expect(nested.message).toContain('Team/Ops/FourSpaceIndent/Inner');
    expect(await hashTree(ws.root)).toEqual(before);
    await endRun(app, runId);
    expect((await deleteWorkflow(app, REPORT)).statusCode).toBe(204);
  });

  it('a refused state write puts the folder back', async () => {
    const { app, ws } = fixture;
    const before = await hashTree(ws.root);
    const update = app.state.update.bind(app.state);
    app.state.update = async () => {
      throw Object.assign(new Error('read-only'), { code: 'EACCES', path: join(ws.dataDir, 'state.json') });
    };
    try {
      expectApiError(await deleteWorkflow(app, REPORT), 503, 'data_folder_read_only');
    } finally {
      app.state.update = update;
    }
    expect(await hashTree(ws.root)).toEqual(before);
  });
});
