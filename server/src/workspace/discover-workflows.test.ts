import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WORKFLOWS, copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { discoverWorkflows, walkWorkspace } from './discover-workflows';

let ws: TempWorkspace;
beforeAll(async () => {
  ws = await copyFixtureWorkspace();
});
afterAll(async () => {
  await ws.cleanup();
});

describe('discoverWorkflows', () => {
  it('finds every fixture workflow, nested paths included, sorted', async () => {
    expect(await discoverWorkflows(ws.root)).toEqual(FIXTURE_WORKFLOWS.map((f) => f.id));
  });

  it('finds a workflow nested inside another one, but not symlinked folders or a planning folder without plan.json', async () => {
    await mkdir(join(ws.root, 'Workflow/ResearchReport/Sub/planning'), { recursive: true });
    await writeFile(join(ws.root, 'Workflow/ResearchReport/Sub/planning/plan.json'), '{"steps": []}');
    await mkdir(join(ws.root, 'Empty/planning'), { recursive: true });
    await symlink(join(ws.root, 'Workflow'), join(ws.root, 'Linked'));
    const ids = await discoverWorkflows(ws.root);
    expect(ids).toContain('Workflow/ResearchReport/Sub');
    expect(ids).not.toContain('Empty');
    expect(ids.some((id) => id.startsWith('Linked'))).toBe(false);
  });
});

describe('walkWorkspace', () => {
  it('lists the folders a watcher needs: every folder read and every planning folder, none of the skipped ones', async () => {
    await mkdir(join(ws.root, 'Empty/planning'), { recursive: true });
    const layout = await walkWorkspace(ws.root);
    expect(layout.workflows).toEqual(await discoverWorkflows(ws.root));
    expect(layout.folders).toContain(ws.root);
    expect(layout.folders).toContain(join(ws.root, 'Workflow/ResearchReport'));
    expect(layout.folders.some((f) => /\/(logs|learnings|planning)(\/|$)/.test(f))).toBe(false);
    expect(layout.planningFolders).toContainEqual({ folder: join(ws.root, 'Workflow/ResearchReport/planning'), id: 'Workflow/ResearchReport' });
    // A planning folder without plan.json is watched too: the file may be created in it later.
    expect(layout.planningFolders).toContainEqual({ folder: join(ws.root, 'Empty/planning'), id: 'Empty' });
    expect(layout.workflows).not.toContain('Empty');
  });
});
