import { DEFAULT_VIEW_SETTINGS } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';

const fixture = useFixtureApp('all');
const id = 'Workflow/ResearchReport';
const json = { 'content-type': 'application/json' };

describe('view settings', () => {
  it('default until saved; saved in the data folder, never in the workflow', async () => {
    expect((await fixture.app.inject({ url: workflowUrl(id, '/view') })).json()).toEqual(DEFAULT_VIEW_SETTINGS);
    const workspaceBefore = await hashTree(fixture.ws.root);
    const view = { direction: 'TB', positions: { LR: {}, TB: { 'gather-sources': { x: 10, y: 20.5 } } }, viewport: { x: 0, y: 0, zoom: 1.5 } };
    const res = await fixture.app.inject({ method: 'PUT', url: workflowUrl(id, '/view'), headers: json, payload: JSON.stringify(view) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(view);
    expect(await hashTree(fixture.ws.root)).toEqual(workspaceBefore);

    // Survives a restart (lowdb file in the data folder).
    await fixture.restart();
    expect((await fixture.app.inject({ url: workflowUrl(id, '/view') })).json()).toEqual(view);
    expect((await fixture.app.inject({ url: workflowUrl('Workflow/LegacyOnboarding', '/view') })).json()).toEqual(DEFAULT_VIEW_SETTINGS);
  });

  it('rejects an invalid view with the path of each problem and keeps the stored one', async () => {
    const before = await hashTree(fixture.ws.base);
    const body = expectApiError(
      await fixture.app.inject({
        method: 'PUT',
        url: workflowUrl(id, '/view'),
        headers: json,
        payload: JSON.stringify({ direction: 'diagonal', positions: { LR: { a: { x: 'left' } }, TB: {} } }),
      }),
      400,
      'schema_violation',
    );
    expect(body.details.map((d) => d.path)).toEqual(expect.arrayContaining(['$.direction', '$.positions.LR.a.x']));
    expect(await hashTree(fixture.ws.base)).toEqual(before);
  });

  it('a workflow named __proto__ or constructor keeps its own view across a restart, and no other workflow gets it', async () => {
    const view = { direction: 'TB', positions: { LR: {}, TB: { a: { x: 1, y: 2 } } }, viewport: { x: 0, y: 0, zoom: 1 } };
    for (const name of ['__proto__', 'constructor']) {
      expect((await fixture.app.inject({ method: 'POST', url: '/api/workflows', headers: json, payload: JSON.stringify({ id: name }) })).statusCode).toBe(201);
      expect((await fixture.app.inject({ url: workflowUrl(name, '/view') })).json()).toEqual(DEFAULT_VIEW_SETTINGS);
      expect((await fixture.app.inject({ method: 'PUT', url: workflowUrl(name, '/view'), headers: json, payload: JSON.stringify(view) })).statusCode).toBe(200);
    }
    await fixture.restart();
    for (const name of ['__proto__', 'constructor']) expect((await fixture.app.inject({ url: workflowUrl(name, '/view') })).json()).toEqual(view);
    expect((await fixture.app.inject({ url: workflowUrl('Workflow/LegacyOnboarding', '/view') })).json()).toEqual(DEFAULT_VIEW_SETTINGS);
  });

  it('404 for a workflow that does not exist', async () => {
    expectApiError(await fixture.app.inject({ url: workflowUrl('Workflow/Nope', '/view') }), 404, 'workflow_not_found');
    expectApiError(
      await fixture.app.inject({ method: 'PUT', url: workflowUrl('Workflow/Nope', '/view'), headers: json, payload: JSON.stringify(DEFAULT_VIEW_SETTINGS) }),
      404,
      'workflow_not_found',
    );
  });
});

describe('workspace settings', () => {
  it('round-trip the preset and default LLM', async () => {
    expect((await fixture.app.inject({ url: '/api/settings' })).json()).toEqual({});
    const settings = { presetExecutionLlm: { provider: 'openai', model_id: 'gpt-4.1' }, defaultLlm: null };
    const res = await fixture.app.inject({ method: 'PUT', url: '/api/settings', headers: json, payload: JSON.stringify(settings) });
    expect(res.statusCode).toBe(200);
    expect((await fixture.app.inject({ url: '/api/settings' })).json()).toEqual(settings);
  });

  it('reject an LLM without a model id', async () => {
    const body = expectApiError(
      await fixture.app.inject({ method: 'PUT', url: '/api/settings', headers: json, payload: JSON.stringify({ defaultLlm: { provider: 'openai' } }) }),
      400,
      'schema_violation',
    );
    expect(body.details.map((d) => d.path)).toContain('$.defaultLlm.model_id');
  });
});

describe('health', () => {
  it('answers ok', async () => {
    expect((await fixture.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
  });
});
