// The workflows of fixtures/generations (one per format generation and on-disk layout, see
// fixtures/README.md) served by a real app over a temp copy: opened, saved unchanged and edited.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { REPO_ROOT, changedLines, hashTree, readText, workflowUrl } from '../test-support/fixture-workspace';

const GENERATIONS_ROOT = join(REPO_ROOT, 'fixtures/generations');

/** The fixtures, with what their files hold (mirrors shared/src/test-support/generation-fixtures.ts). */
const FIXTURES = [
  { id: 'AgentItems', stepConfig: true, schemaBroken: false },
  { id: 'AgentworksCompact', stepConfig: true, schemaBroken: false },
  { id: 'AgentworksKeysOnLine', stepConfig: false, schemaBroken: false },
  { id: 'LoopTabsHugged', stepConfig: true, schemaBroken: false },
  { id: 'OldestIdless', stepConfig: false, schemaBroken: false },
  { id: 'ProblemsOnDisk', stepConfig: true, schemaBroken: true },
] as const;

type Json = Record<string, any>;

let base: string | undefined;
let root = '';
let app: FastifyInstance | undefined;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'planvas-generations-'));
  root = join(base, 'ws');
  await cp(GENERATIONS_ROOT, root, { recursive: true });
  app = await buildApp({ workspaceRoot: root, dataDir: join(base, 'data') });
});
afterAll(async () => {
  await app?.close();
  app = undefined;
  if (base) await rm(base, { recursive: true, force: true });
});

function server(): FastifyInstance {
  if (!app) throw new Error('no app outside the tests');
  return app;
}

async function getDoc(id: string, doc: 'plan' | 'step-config'): Promise<{ body: Json; etag: string }> {
  const res = await server().inject({ url: workflowUrl(id, `/${doc}`) });
  expect(res.statusCode).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  return { body: res.json(), etag: etag as string };
}

function put(id: string, doc: 'plan' | 'step-config', body: unknown, ifMatch: string) {
  return server().inject({
    method: 'PUT',
    url: workflowUrl(id, `/${doc}`),
    headers: { 'content-type': 'application/json', 'if-match': ifMatch },
    payload: JSON.stringify(body),
  });
}

describe('fixtures/generations as a workspace', () => {
  it('holds exactly the listed fixtures', async () => {
    const folders = (await readdir(GENERATIONS_ROOT, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(FIXTURES.map((f) => f.id));
  });

  it('GET /api/workflows lists every fixture', async () => {
    const res = await server().inject({ url: '/api/workflows' });
    expect(res.statusCode).toBe(200);
    const { workflows } = res.json() as { workflows: Json[] };
    expect(workflows.map((w) => w.id).sort()).toEqual(FIXTURES.map((f) => f.id));
    const byId = Object.fromEntries(workflows.map((w) => [w.id, w]));
    expect(byId['LoopTabsHugged']).toMatchObject({ stepCount: 6, legacy: false, problems: 0 });
    expect(byId['AgentworksCompact']).toMatchObject({ stepCount: 6, legacy: false, problems: 1 });
    expect(byId['AgentworksKeysOnLine']).toMatchObject({ stepCount: 6, legacy: false, problems: 0 });
    expect(byId['AgentItems']).toMatchObject({ stepCount: 4, legacy: false, problems: 0 });
    expect(byId['OldestIdless']).toMatchObject({ stepCount: 4, legacy: false, problems: 3 });
    expect(byId['ProblemsOnDisk']).toMatchObject({ stepCount: 5, legacy: false });
    expect(byId['ProblemsOnDisk'].problems).toBeGreaterThan(0);
  });

  it("GET /api/workflows/:id reports each fixture's generation", async () => {
    const generation = async (id: string) => (await server().inject({ url: workflowUrl(id) })).json().generation?.generation;
    expect(await generation('LoopTabsHugged')).toBe('loop');
    expect(await generation('AgentworksCompact')).toBe('agentworks');
    expect(await generation('AgentworksKeysOnLine')).toBe('agentworks');
    expect(await generation('AgentItems')).toBe('agent');
    expect(await generation('OldestIdless')).toBe('seed');
    expect(await generation('ProblemsOnDisk')).toBe('loop');
  });
});

describe.each(FIXTURES)('$id', (fixture) => {
  const docs = fixture.stepConfig ? (['plan', 'step-config'] as const) : (['plan'] as const);

  it.each(docs)('GET %s then PUT it back unchanged: 200, written: false, bytes unchanged', async (doc) => {
    const before = await hashTree(root);
    const { body, etag } = await getDoc(fixture.id, doc);
    const res = await put(fixture.id, doc, body, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ revision: etag.slice(1, -1), written: false });
    expect(res.headers.etag).toBe(etag);
    expect(await hashTree(root)).toEqual(before);
  });

  it('PUT with one step title changed: the file differs in exactly that one line', async () => {
    const beforeText = await readText(root, fixture.id, 'plan.json');
    const { body, etag } = await getDoc(fixture.id, 'plan');
    const step = [...(body.steps as Json[])].reverse().find((s) => typeof s.title === 'string');
    if (!step) throw new Error('no step with a string title');
    step.title = `${step.title} (edited)`;
    const res = await put(fixture.id, 'plan', body, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().written).toBe(true);
    const afterText = await readText(root, fixture.id, 'plan.json');
    const changed = changedLines(beforeText, afterText);
    expect(changed).toHaveLength(1);
    expect(changed?.[0]).toContain('(edited)');
    expect(afterText.endsWith('\n')).toBe(beforeText.endsWith('\n'));
    // Display ids of id-less steps never reach the file.
    expect(afterText).not.toContain('"$.steps');
    // Step types as written, absent ones included.
    const types = (text: string) => (JSON.parse(text).steps as Json[]).map((s) => ('type' in s ? s.type : null));
    expect(types(afterText)).toEqual(types(beforeText));
  });
});

describe('ProblemsOnDisk: a file that already breaks the schema', () => {
  const id = 'ProblemsOnDisk';

  it('GET /api/workflows/:id opens it and reports its schema problems', async () => {
    const res = await server().inject({ url: workflowUrl(id) });
    expect(res.statusCode).toBe(200);
    const problems = res.json().problems as Json[];
    expect(
      problems
        .filter((p) => p.code === 'schema')
        .map((p) => p.path)
        .sort(),
    ).toEqual(['$.steps[0].title', '$.steps[2].routes']);
  });

  it('GET /api/workflows/:id also reports its graph problems and the orphaned step_config entry', async () => {
    const problems = (await server().inject({ url: workflowUrl(id) })).json().problems as Json[];
    const found = problems
      .filter((p) => p.code !== 'schema')
      .map((p) => `${p.document} ${p.code} ${p.path}`)
      .sort();
    expect(found).toEqual([
      'plan duplicate_step_id $.orphan_steps[0].id',
      'plan orphan_not_shared $.steps[1].predefined_routes[1].orphan_step_ref',
      'plan unknown_target $.steps[4].next_step_id',
      'step_config orphan_step_config $.steps[2]',
    ]);
  });

  it('a no-op PUT of what GET answered is accepted (200), reports the problems and leaves the file unchanged', async () => {
    const before = await hashTree(root);
    const text = await readText(root, id, 'plan.json');
    const { body, etag } = await getDoc(id, 'plan');
    expect(body.steps[0].title).toBe(42);
    expect(body.steps[2].routes).toBe('minor, major');
    const res = await put(id, 'plan', body, etag);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ revision: etag.slice(1, -1), written: false });
    expect(
      (saved.problems as Json[])
        .filter((p) => p.code === 'schema')
        .map((p) => p.path)
        .sort(),
    ).toEqual(['$.steps[0].title', '$.steps[2].routes']);
    expect(await readText(root, id, 'plan.json')).toBe(text);
    expect(await hashTree(root)).toEqual(before);
  });
});
