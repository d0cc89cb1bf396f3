import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LAYOUT_CACHE_FILE_NAME, LAYOUT_CACHE_MAX_WORKFLOWS, LayoutCache } from '../state/layout-cache';
import { useFixtureApp } from '../test-support/fixture-app';
import { expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';

const fixture = useFixtureApp('all');
const id = 'Workflow/ResearchReport';
const json = { 'content-type': 'application/json' };
const layout = { key: 'v1:abc123', positions: { 'gather-sources': { x: 24, y: 310 }, __start: { x: -120, y: 330 } } };

const put = (workflow: string, direction: string, body: unknown) =>
  fixture.app.inject({ method: 'PUT', url: workflowUrl(workflow, `/layout/${direction}`), headers: json, payload: JSON.stringify(body) });

describe('saved layouts', () => {
  it('none until saved; kept per direction in the data folder, never in the workflow, across restarts', async () => {
    expect((await fixture.app.inject({ url: workflowUrl(id, '/layout') })).json()).toEqual({});
    const workspaceBefore = await hashTree(fixture.ws.root);

    expect((await put(id, 'TB', layout)).json()).toEqual({ key: layout.key });
    expect((await fixture.app.inject({ url: workflowUrl(id, '/layout') })).json()).toEqual({ TB: layout });
    const lr = { key: 'v1:def', positions: { 'gather-sources': { x: 1, y: 2 } } };
    await put(id, 'LR', lr);
    expect((await fixture.app.inject({ url: workflowUrl(id, '/layout') })).json()).toEqual({ LR: lr, TB: layout });
    expect(await hashTree(fixture.ws.root)).toEqual(workspaceBefore);

    await fixture.restart();
    expect((await fixture.app.inject({ url: workflowUrl(id, '/layout') })).json()).toEqual({ LR: lr, TB: layout });
    expect((await fixture.app.inject({ url: workflowUrl('Workflow/LegacyOnboarding', '/layout') })).json()).toEqual({});
  });

  it('rejects a bad direction or body with the path of each problem and keeps what is saved', async () => {
    await put(id, 'LR', layout);
    const before = await hashTree(fixture.ws.base);
    expect(expectApiError(await put(id, 'diagonal', layout), 400, 'bad_direction').details.map((d) => d.path)).toEqual(['$.direction']);
    const body = expectApiError(await put(id, 'LR', { key: '', positions: { a: { x: 'left', y: 1 } } }), 400, 'schema_violation');
    expect(body.details.map((d) => d.path)).toEqual(expect.arrayContaining(['$.key', '$.positions.a.x']));
    expectApiError(await put(id, 'LR', { key: 'k', positions: { a: { x: Number.MAX_VALUE * 10, y: 0 } } }), 400, 'schema_violation');
    expect(await hashTree(fixture.ws.base)).toEqual(before);
    expect((await fixture.app.inject({ url: workflowUrl(id, '/layout') })).json()).toMatchObject({ LR: layout });
  });

  it('404 for a workflow that does not exist, 400 for a path outside the workspace', async () => {
    expectApiError(await fixture.app.inject({ url: workflowUrl('Workflow/Nope', '/layout') }), 404, 'workflow_not_found');
    expectApiError(await put('Workflow/Nope', 'LR', layout), 404, 'workflow_not_found');
    expect((await put('../outside', 'LR', layout)).statusCode).toBe(400);
  });
});

describe('LayoutCache file', () => {
  it('keeps the most recently saved workflows only', async () => {
    const dir = join(fixture.ws.base, 'cache-cap');
    const cache = await LayoutCache.open(dir);
    for (let i = 0; i <= LAYOUT_CACHE_MAX_WORKFLOWS; i++) await cache.put(`W${i}`, 'LR', { key: `k${i}`, positions: {} });
    const reopened = await LayoutCache.open(dir);
    expect(reopened.get('W0')).toEqual({});
    expect(reopened.get(`W${LAYOUT_CACHE_MAX_WORKFLOWS}`)).toEqual({ LR: { key: `k${LAYOUT_CACHE_MAX_WORKFLOWS}`, positions: {} } });
    expect(Object.keys(JSON.parse(await readFile(join(dir, LAYOUT_CACHE_FILE_NAME), 'utf8')).workflows)).toHaveLength(LAYOUT_CACHE_MAX_WORKFLOWS);
  });

  it('starts empty from a damaged file and drops malformed entries of a readable one', async () => {
    const dir = join(fixture.ws.base, 'cache-damaged');
    await (await LayoutCache.open(dir)).put('A', 'LR', layout);
    await writeFile(join(dir, LAYOUT_CACHE_FILE_NAME), '{"version":1,"workflows":{"A":{"LR":');
    expect((await LayoutCache.open(dir)).get('A')).toEqual({});
    await writeFile(join(dir, LAYOUT_CACHE_FILE_NAME), JSON.stringify({ workflows: { A: { LR: layout, TB: { key: 3 } }, B: 'nonsense' } }));
    const cache = await LayoutCache.open(dir);
    expect(cache.get('A')).toEqual({ LR: layout });
    expect(cache.get('B')).toEqual({});
  });
});
