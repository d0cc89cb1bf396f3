import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';
import { deleteWorkflow, deletionPreview, duplicateWorkflow, listedIds, putView, renameWorkflow, stateOnDisk } from '../test-support/workflow-management';

/**
 * The workflow management routes against a hostile workspace and hostile requests. The root is
 * `<base>/ws`; `<base>/ws-evil` lies outside it (sharing the root's prefix) and holds a workflow
 * and a secret. Whatever is refused leaves everything under `<base>` byte-identical; nothing
 * outside the root is ever read into an answer or a copy, moved or deleted.
 */
const fixture = useFixtureApp('each');
const REPORT = 'Workflow/ResearchReport';
const SECRET = 'SECRET OUTSIDE THE ROOT';
let evil: string;

beforeEach(async () => {
  const { ws } = fixture;
  evil = join(ws.base, 'ws-evil');
  await mkdir(join(evil, 'Wf', 'planning'), { recursive: true });
  await writeFile(join(evil, 'Wf', 'planning', 'plan.json'), `${JSON.stringify({ objective: SECRET, steps: [] })}\n`);
  await writeFile(join(evil, 'secret.txt'), SECRET);
  // A workflow folder symlinked out of the root, and a plain folder symlinked out.
  await symlink(join(evil, 'Wf'), join(ws.root, 'Evil'));
  await symlink(evil, join(ws.root, 'Out'));
});

const folder = (id: string) => join(fixture.ws.root, ...id.split('/'));

/** Every management request `id` -> `newId` makes, for ids that must be refused either way. */
async function expectRefusedEverywhere(id: string, newId: string, status: number, code: string): Promise<void> {
  const before = await hashTree(fixture.ws.base);
  const answers = [await duplicateWorkflow(fixture.app, id, newId), await renameWorkflow(fixture.app, id, newId)];
  for (const res of answers) {
    const body = expectApiError(res, status, code);
    expect(JSON.stringify(body)).not.toContain(SECRET);
    expect(JSON.stringify(body)).not.toContain(fixture.ws.base);
  }
  expect(await hashTree(fixture.ws.base)).toEqual(before);
}

describe('ids that leave the root', () => {
  it('`../x` and friends as newId: 400 invalid_workflow_id with the body path, nothing written anywhere', async () => {
    for (const newId of ['../x', '../ws-evil/Stolen', 'a/../../x', '/etc/planvas', 'C:/x', 'a\\b', 'a//b', 'nul\u0000', 'x/.', 'rlo\u202Etxt']) {
      await expectRefusedEverywhere(REPORT, newId, 400, 'invalid_workflow_id');
    }
    const body = expectApiError(await renameWorkflow(fixture.app, REPORT, '../x'), 400, 'invalid_workflow_id');
    expect(body.details).toEqual([{ path: '$.newId', message: expect.stringContaining('..') }]);
  });

  it('`../x` as the id in the URL: 400 on every route, nothing written', async () => {
    const before = await hashTree(fixture.ws.base);
    // (A bare `..` never reaches a route: the router resolves dot segments, path-safety.test.ts.)
    for (const id of ['../x', '../ws-evil/Wf', 'a/../../x']) {
      expectApiError(await duplicateWorkflow(fixture.app, id, 'Copy'), 400, 'invalid_workflow_id');
      expectApiError(await renameWorkflow(fixture.app, id, 'Moved'), 400, 'invalid_workflow_id');
      expectApiError(await deletionPreview(fixture.app, id), 400, 'invalid_workflow_id');
      expectApiError(await deleteWorkflow(fixture.app, id, '*'), 400, 'invalid_workflow_id');
    }
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('a workflow folder symlinked out of the root is no workflow: 404 for duplicate, rename, preview and delete; nothing outside read, moved or deleted', async () => {
    const before = await hashTree(fixture.ws.base);
    for (const res of [
      await duplicateWorkflow(fixture.app, 'Evil', 'Stolen'),
      await renameWorkflow(fixture.app, 'Evil', 'Stolen'),
      await deletionPreview(fixture.app, 'Evil'),
      await deleteWorkflow(fixture.app, 'Evil', '*'),
    ]) {
      expect(JSON.stringify(expectApiError(res, 404, 'workflow_not_found'))).not.toContain(SECRET);
    }
    expect(await hashTree(fixture.ws.base)).toEqual(before);
    expect(existsSync(folder('Stolen'))).toBe(false);
  });

  it('a newId through a link out of the root: 400, nothing made outside', async () => {
    await expectRefusedEverywhere(REPORT, 'Out/Stolen', 400, 'invalid_workflow_id');
    await expectRefusedEverywhere(REPORT, 'Out/Deeper/Stolen', 400, 'invalid_workflow_id');
    expect(existsSync(join(evil, 'Stolen'))).toBe(false);
  });
});

describe('run folders', () => {
  it('a newId in the runs/, logs/ or learnings/ folder of another workflow: 400 invalid_workflow_id', async () => {
    await mkdir(join(folder(REPORT), 'runs'), { recursive: true });
    for (const newId of ['Workflow/NoFinalNewline/runs/x', `${REPORT}/runs/20250101-000000-abcdef/execution/x`, `${REPORT}/logs/x`, `${REPORT}/learnings/x`]) {
      await expectRefusedEverywhere('Workflow/NoFinalNewline', newId, 400, 'invalid_workflow_id');
    }
  });

  it('a newId that leads into a run folder through a link inside the root: 409 target_in_run_folder', async () => {
    await mkdir(join(folder(REPORT), 'runs'), { recursive: true });
    await symlink(join(folder(REPORT), 'runs'), join(fixture.ws.root, 'RunsLink'));
    await symlink(join(folder(REPORT), 'logs'), join(fixture.ws.root, 'LogsLink'));
    await expectRefusedEverywhere('Workflow/NoFinalNewline', 'RunsLink/Planted', 409, 'target_in_run_folder');
    await expectRefusedEverywhere('Workflow/NoFinalNewline', 'LogsLink/research-todo/Planted', 409, 'target_in_run_folder');
  });

  it('a plan.json a run wrote is never a source: 400 for an id through a run folder', async () => {
    const planted = join(folder(REPORT), 'runs', 'r1');
    await mkdir(join(planted, 'planning'), { recursive: true });
    await writeFile(join(planted, 'planning', 'plan.json'), '{"steps": []}\n');
    await expectRefusedEverywhere(`${REPORT}/runs/r1`, 'Promoted', 400, 'invalid_workflow_id');
    expectApiError(await deleteWorkflow(fixture.app, `${REPORT}/runs/r1`, '*'), 400, 'invalid_workflow_id');
  });
});

describe('a workflow moved into itself', () => {
  it('newId equal to a folder inside the workflow: 409 move_into_itself, by name or through a link', async () => {
    await symlink(folder(REPORT), join(fixture.ws.root, 'ReportLink'));
    const before = await hashTree(fixture.ws.base);
    for (const newId of [`${REPORT}/Sub`, `${REPORT}/learnings-not/Deeper/Sub`, 'ReportLink/Sub']) {
      const body = expectApiError(await renameWorkflow(fixture.app, REPORT, newId), 409, 'move_into_itself');
      expect(body.details[0]?.path).toBe('$.newId');
    }
    // A parent into its own child folder too.
    expectApiError(await renameWorkflow(fixture.app, 'Team/Ops/FourSpaceIndent', 'Team/Ops/FourSpaceIndent/x'), 409, 'move_into_itself');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });
});

describe('links inside the root', () => {
  it('a symlinked workflow folder is neither renamed nor deleted (409 workflow_is_link); the folder it points to stays', async () => {
    await symlink(folder(REPORT), join(fixture.ws.root, 'Alias'));
    const before = await hashTree(fixture.ws.base);
    expect(JSON.stringify(expectApiError(await deleteWorkflow(fixture.app, 'Alias', '*'), 409, 'workflow_is_link'))).toContain('Alias');
    expectApiError(await renameWorkflow(fixture.app, 'Alias', 'Moved'), 409, 'workflow_is_link');
    expectApiError(await deletionPreview(fixture.app, 'Alias'), 409, 'workflow_is_link');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('a workflow reached through a linked parent folder is neither renamed nor deleted', async () => {
    await symlink(folder('Team'), join(fixture.ws.root, 'TeamLink'));
    const before = await hashTree(fixture.ws.base);
    const body = expectApiError(await deleteWorkflow(fixture.app, 'TeamLink/Ops/FourSpaceIndent', '*'), 409, 'workflow_is_link');
    expect(body.message).toContain('"TeamLink"');
    expectApiError(await renameWorkflow(fixture.app, 'TeamLink/Ops/FourSpaceIndent', 'Moved'), 409, 'workflow_is_link');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('a symlinked planning folder (inside the root or out of it) is never deleted through', async () => {
    await mkdir(folder('Workflow/SharedPlanning'));
    await symlink(join(folder(REPORT), 'planning'), join(folder('Workflow/SharedPlanning'), 'planning'));
    await mkdir(folder('Workflow/OutPlanning'));
    await symlink(join(evil, 'Wf', 'planning'), join(folder('Workflow/OutPlanning'), 'planning'));
    const before = await hashTree(fixture.ws.base);
    expectApiError(await deleteWorkflow(fixture.app, 'Workflow/SharedPlanning', '*'), 409, 'workflow_is_link');
    expectApiError(await renameWorkflow(fixture.app, 'Workflow/SharedPlanning', 'Moved'), 409, 'workflow_is_link');
    expectApiError(await deleteWorkflow(fixture.app, 'Workflow/OutPlanning', '*'), 404, 'workflow_not_found');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('delete removes links inside the workflow folder as links: what they point to (outside the root too) stays', async () => {
    await symlink(evil, join(folder(REPORT), 'runs'));
    await symlink(join(evil, 'secret.txt'), join(folder(REPORT), 'learnings', 'literature-reviewer', 'main.py'));
    const outside = await hashTree(evil);
    expect((await deletionPreview(fixture.app, REPORT)).statusCode).toBe(200);
    expect((await deleteWorkflow(fixture.app, REPORT)).statusCode).toBe(204);
    expect(existsSync(folder(REPORT))).toBe(false);
    expect(await hashTree(evil)).toEqual(outside);
    expect(await readFile(join(evil, 'secret.txt'), 'utf8')).toBe(SECRET);
  });

  it('duplicate refuses a link among what it copies (409 workflow_is_link): the link target is never copied, nothing is made', async () => {
    await symlink(join(evil, 'secret.txt'), join(folder(REPORT), 'learnings', 'literature-reviewer', 'main.py'));
    const before = await hashTree(fixture.ws.base);
    const body = expectApiError(await duplicateWorkflow(fixture.app, REPORT, 'Copy'), 409, 'workflow_is_link');
    expect(body.message).toContain('learnings/literature-reviewer/main.py');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
    await symlink(evil, join(folder('Workflow/NoFinalNewline'), 'learnings'));
    expectApiError(await duplicateWorkflow(fixture.app, 'Workflow/NoFinalNewline', 'Copy'), 409, 'workflow_is_link');
    expect(existsSync(folder('Copy'))).toBe(false);
  });
});

describe('prototype keys', () => {
  it('workflows named __proto__ and constructor are duplicated, renamed and deleted with their own state; no prototype changes', async () => {
    const { app, ws } = fixture;
    for (const id of ['__proto__', 'constructor']) expect((await app.inject({ method: 'POST', url: '/api/workflows', payload: { id } })).statusCode).toBe(201);
    await putView(app, '__proto__', 'TB');
    await putView(app, REPORT, 'TB');

    expect((await renameWorkflow(app, '__proto__', 'Plain')).statusCode).toBe(200);
    let { state } = await stateOnDisk(app, ws);
    expect(Object.keys(state.views).sort()).toEqual(['Plain', REPORT].sort());

    expect((await duplicateWorkflow(app, REPORT, '__proto__')).statusCode).toBe(201);
    expect((await renameWorkflow(app, 'Plain', 'constructor/__proto__')).statusCode).toBe(200);
    ({ state } = await stateOnDisk(app, ws));
    expect(Object.keys(state.views).sort()).toEqual(['__proto__', 'constructor/__proto__', REPORT].sort());
    expect((await app.inject({ url: workflowUrl('__proto__', '/view') })).json().direction).toBe('TB');
    expect(await listedIds(app)).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'constructor/__proto__']));

    expect((await deleteWorkflow(app, '__proto__')).statusCode).toBe(204);
    ({ state } = await stateOnDisk(app, ws));
    expect(Object.keys(state.views).sort()).toEqual(['constructor/__proto__', REPORT].sort());
    expect(({} as Record<string, unknown>).direction).toBeUndefined();
    expect(Object.getPrototypeOf(app.state.read().views)).toBe(Object.prototype);
    // A delete of `constructor` (which holds a workflow) is refused; the one inside is deleted.
    expectApiError(await deleteWorkflow(app, 'constructor'), 409, 'workflow_holds_workflows');
    expect((await deleteWorkflow(app, 'constructor/__proto__')).statusCode).toBe(204);
  });

  it('a newId or body field named __proto__ in the JSON body changes nothing it should not', async () => {
    const res = await fixture.app.inject({
      method: 'POST',
      url: workflowUrl(REPORT, '/rename'),
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"newId": "Polluted"}}',
    });
    expectApiError(res, 400, 'schema_violation');
    expect(({} as Record<string, unknown>).newId).toBeUndefined();
    expect(existsSync(folder('Polluted'))).toBe(false);
  });
});
