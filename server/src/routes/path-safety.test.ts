import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';

/**
 * The workspace root is `<base>/ws`; `<base>/ws-evil` is a sibling sharing the root's prefix
 * (a naive `startsWith(root)` check lets it through). Nothing outside `<base>/ws` may be read
 * or written, and a rejected request leaves everything under `<base>` byte-identical.
 */
let ws: TempWorkspace;
let app: FastifyInstance;
let evil: string;
const SECRET = 'SECRET OBJECTIVE OUTSIDE THE ROOT';

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  evil = join(ws.base, 'ws-evil');
  await mkdir(join(evil, 'Wf', 'planning'), { recursive: true });
  await writeFile(join(evil, 'Wf', 'planning', 'plan.json'), `${JSON.stringify({ objective: SECRET, steps: [] }, null, 2)}\n`);
  await writeFile(join(evil, 'Wf', 'planning', 'step_config.json'), `${JSON.stringify({ steps: [{ id: SECRET }] }, null, 2)}\n`);
  // A folder symlinked out of the root, a plan.json symlinked out, a step_config.json symlinked out.
  await symlink(join(evil, 'Wf'), join(ws.root, 'Evil'));
  await mkdir(join(ws.root, 'Workflow', 'LinkedPlan', 'planning'), { recursive: true });
  await symlink(join(evil, 'Wf', 'planning', 'plan.json'), join(ws.root, 'Workflow', 'LinkedPlan', 'planning', 'plan.json'));
  await cp(join(ws.root, 'Workflow', 'NoFinalNewline'), join(ws.root, 'Workflow', 'LinkedConfig'), { recursive: true });
  await symlink(join(evil, 'Wf', 'planning', 'step_config.json'), join(ws.root, 'Workflow', 'LinkedConfig', 'planning', 'step_config.json'));
  // A symlink that stays inside the root is fine.
  await symlink(join(ws.root, 'Workflow', 'ResearchReport'), join(ws.root, 'Alias'));
  app = await appFor(ws);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ws.cleanup();
});

const json = { 'content-type': 'application/json', 'if-match': '*' };

/** Every way to touch a workflow, for one encoded id segment. */
function requestsFor(segment: string): InjectOptions[] {
  const base = `/api/workflows/${segment}`;
  return [
    { url: base },
    { url: `${base}/plan` },
    { url: `${base}/step-config` },
    { url: `${base}/view` },
    { method: 'PUT', url: `${base}/plan`, headers: json, payload: '{"steps": []}' },
    { method: 'PUT', url: `${base}/step-config`, headers: { ...json, 'if-match': '"absent"' }, payload: '{"steps": []}' },
    { method: 'PUT', url: `${base}/step-config`, headers: json, payload: '{"steps": []}' },
    { method: 'PUT', url: `${base}/view`, headers: json, payload: '{"direction": "TB", "positions": {"LR": {}, "TB": {}}}' },
    { method: 'POST', url: `${base}/migrate` },
  ];
}

async function expectRejectedEverywhere(segment: string, statuses: number[]) {
  const before = await hashTree(ws.base);
  for (const request of requestsFor(segment)) {
    const res = await app.inject(request);
    expect(statuses, `${request.method ?? 'GET'} ${request.url} -> ${res.statusCode}`).toContain(res.statusCode);
    expectApiError(res, res.statusCode);
    expect(res.body).not.toContain(SECRET);
  }
  expect(await hashTree(ws.base)).toEqual(before);
}

describe('ids that try to leave the root', () => {
  it.each([
    ['..', encodeURIComponent('../ws-evil/Wf')],
    ['encoded %2e%2e', '%2e%2e%2fws-evil%2fWf'],
    ['.. in the middle', encodeURIComponent('Workflow/../../ws-evil/Wf')],
    ['an absolute path', encodeURIComponent('/etc')],
    ['the absolute path of the sibling folder', 'ABSOLUTE_EVIL'],
    ['NUL', encodeURIComponent('Workflow/ResearchReport\0')],
    ['a backslash', encodeURIComponent('..\\ws-evil\\Wf')],
    ['a drive letter', encodeURIComponent('C:/Windows')],
    ['an empty segment', encodeURIComponent('Workflow//ResearchReport')],
  ])('%s: 400, nothing read or written', async (_name, segment) => {
    const resolved = segment === 'ABSOLUTE_EVIL' ? encodeURIComponent(join(evil, 'Wf')) : segment;
    await expectRejectedEverywhere(resolved, [400]);
  });

  it('dot segments in the raw URL are resolved by the router and never reach a workflow', async () => {
    await expectRejectedEverywhere('%2e%2e', [404]);
    await expectRejectedEverywhere('..', [404]);
  });
});

describe('symlinks out of the root', () => {
  it.each([
    ['a workflow folder symlinked out', 'Evil'],
    ['a plan.json symlinked out', 'Workflow/LinkedPlan'],
  ])('%s: 404, the outside files are neither read nor written', async (_name, id) => {
    await expectRejectedEverywhere(encodeURIComponent(id), [404]);
  });

  it('a step_config.json symlinked out: the workflow is not served at all', async () => {
    await expectRejectedEverywhere(encodeURIComponent('Workflow/LinkedConfig'), [404]);
  });

  it('discovery lists none of them, but does list ordinary workflows', async () => {
    const ids = (await app.inject({ url: '/api/workflows' })).json().workflows.map((w: { id: string }) => w.id);
    expect(ids).toContain('Workflow/ResearchReport');
    expect(ids).not.toContain('Evil');
    expect(ids).not.toContain('Workflow/LinkedPlan');
    expect(ids).not.toContain('Alias');
  });

  it('a symlink that stays inside the root works', async () => {
    const res = await app.inject({ url: workflowUrl('Alias') });
    expect(res.statusCode).toBe(200);
    expect(res.json().plan.steps.length).toBe(12);
  });
});

describe('creating a workflow outside the root', () => {
  it.each([
    ['..', '../ws-evil/New', 400],
    ['an absolute path', '/tmp/ws-evil/New', 400],
    ['a folder symlinked out', 'Evil/New', 400],
    ['NUL', 'New\0Workflow', 400],
    ['a hidden folder', '.hidden/New', 400],
    ['a reserved folder', 'Workflow/ResearchReport/learnings/New', 400],
    ['an existing workflow', 'Workflow/ResearchReport', 409],
  ])('%s: refused, nothing created', async (_name, id, status) => {
    const before = await hashTree(ws.base);
    const res = await app.inject({ method: 'POST', url: '/api/workflows', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id }) });
    expectApiError(res, status);
    expect(await hashTree(ws.base)).toEqual(before);
  });
});
