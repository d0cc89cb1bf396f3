import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { setAsideName } from './set-aside-names';
import { WorkspaceRepository } from './workspace-repository';

let ws: TempWorkspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

const TWO_HOURS = 2 * 60 * 60 * 1000;
const names = async (folder: string) => (await readdir(folder)).sort();

describe('folders an interrupted workflow copy or delete left', () => {
  it('are removed at start once an hour old, at any depth; links and other hidden folders are not, nor what a link points to', async () => {
    ws = await copyFixtureWorkspace();
    const outside = join(ws.base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'precious.txt'), 'keep me');

    const deleted = join(ws.root, 'Workflow', setAsideName('deleted'));
    await mkdir(join(deleted, 'planning'), { recursive: true });
    await writeFile(join(deleted, 'planning', 'plan.json'), '{"steps":[]}');
    // A link inside the leftover: removed as itself, its target untouched.
    await symlink(outside, join(deleted, 'link-out'));
    const copy = join(ws.root, 'Team', 'Nested', setAsideName('copy'));
    await mkdir(join(copy, 'planning'), { recursive: true });
    const linkNamedLikeOne = join(ws.root, setAsideName('deleted'));
    await symlink(outside, linkNamedLikeOne);
    const notOurs = join(ws.root, '.planvas-deleted-notours');
    await mkdir(notOurs);

    const workspace = await WorkspaceRepository.open(ws.root);
    // Just made: another server may be copying or deleting right now.
    const fresh = await workspace.removeInterruptedSaves();
    expect(fresh.removed).toEqual([]);
    expect(await names(join(ws.root, 'Workflow'))).toContain(deleted.split('/').pop());

    const later = await workspace.removeInterruptedSaves(Date.now() + TWO_HOURS);
    expect(later.removed.sort()).toEqual([copy, deleted].sort());
    expect(later.failed).toEqual([]);
    expect(await names(join(ws.root, 'Workflow'))).not.toContain(deleted.split('/').pop());
    expect(await names(join(ws.root, 'Team', 'Nested'))).toEqual([]);
    expect(await names(ws.root)).toEqual(expect.arrayContaining([linkNamedLikeOne.split('/').pop(), '.planvas-deleted-notours']));
    expect(await readFile(join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
    // The workspace's workflows are all still there.
    expect((await workspace.list()).map((w) => w.id)).toContain('Workflow/ResearchReport');
  });
});
