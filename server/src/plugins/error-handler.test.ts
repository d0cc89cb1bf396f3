import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../app';
import { expectApiError, hashTree, workflowUrl } from '../test-support/fixture-workspace';
import { useFixtureApp } from '../test-support/fixture-app';

const fixture = useFixtureApp('all');
let tree: Record<string, string>;
let planEtag: string;
const id = 'Workflow/ResearchReport';
const planUrl = workflowUrl(id, '/plan');

beforeAll(async () => {
  tree = await hashTree(fixture.ws.root);
  planEtag = String((await fixture.app.inject({ url: planUrl })).headers.etag);
});

const json = { 'content-type': 'application/json' };

/** Every rejected request below must leave the whole workspace byte-identical. */
async function rejected(request: InjectOptions, status: number, code?: string) {
  const res = await fixture.app.inject(request);
  const body = expectApiError(res, status, code);
  expect(await hashTree(fixture.ws.root)).toEqual(tree);
  return body;
}

describe('bad requests get their status, the one error shape, and change nothing', () => {
  it('malformed JSON: 400 with the line and column', async () => {
    const body = await rejected(
      { method: 'PUT', url: planUrl, headers: { ...json, 'if-match': planEtag }, payload: '{\n  "steps": [\n    {"id": "a",}\n  ]\n}' },
      400,
      'malformed_json',
    );
    expect(body.details[0]?.message).toMatch(/line 3, column \d+/);
  });

  it('an empty JSON body: 400', async () => {
    await rejected({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': planEtag }, payload: '' }, 400, 'body_missing');
  });

  it('a schema violation: 400 with the path of each problem', async () => {
    const plan = (await fixture.app.inject({ url: planUrl })).json();
    plan.steps[1].title = 42;
    plan.steps[3].routes = 'not a list';
    const body = await rejected(
      { method: 'PUT', url: planUrl, headers: { ...json, 'if-match': planEtag }, payload: JSON.stringify(plan) },
      400,
      'schema_violation',
    );
    const paths = body.details.map((d) => d.path);
    expect(paths).toContain('$.steps[1].title');
    expect(paths).toContain('$.steps[3].routes');
  });

  it('a body that is not a plan at all: 400', async () => {
    const body = await rejected({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': planEtag }, payload: '[1, 2]' }, 400, 'schema_violation');
    expect(body.details.length).toBeGreaterThan(0);
  });

  it('a step_config violation: 400 with its path', async () => {
    const url = workflowUrl(id, '/step-config');
    const res = await fixture.app.inject({ url });
    const config = res.json();
    config.steps[0].agent_configs.execution_max_turns = 'forty';
    const body = await rejected(
      { method: 'PUT', url, headers: { ...json, 'if-match': String(res.headers.etag) }, payload: JSON.stringify(config) },
      400,
      'schema_violation',
    );
    expect(body.details.map((d) => d.path)).toContain('$.steps[0].agent_configs.execution_max_turns');
  });

  it('a body over the limit: 413', async () => {
    const payload = `{"objective": "${'x'.repeat(DEFAULT_BODY_LIMIT + 10)}", "steps": []}`;
    await rejected({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': planEtag }, payload }, 413, 'payload_too_large');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('content type %s: 415', async (type) => {
    await rejected(
      { method: 'PUT', url: planUrl, headers: { 'content-type': type, 'if-match': planEtag }, payload: '{"steps": []}' },
      415,
      'unsupported_media_type',
    );
  });

  it('no If-Match: 428', async () => {
    await rejected({ method: 'PUT', url: planUrl, headers: json, payload: '{"steps": []}' }, 428, 'if_match_required');
  });

  it.each([
    ['a stale revision', '"00000000000000000000000000000000"'],
    ['a weak tag of the current revision', 'W/CURRENT'],
  ])('%s: 412 with the current revision', async (_name, tag) => {
    const ifMatch = tag.replace('CURRENT', planEtag);
    const body = await rejected({ method: 'PUT', url: planUrl, headers: { ...json, 'if-match': ifMatch }, payload: '{"steps": []}' }, 412, 'stale_revision');
    expect(`"${body.currentRevision}"`).toBe(planEtag);
  });

  it('an unknown workflow: 404', async () => {
    await rejected({ url: workflowUrl('Workflow/Nope') }, 404, 'workflow_not_found');
    await rejected(
      { method: 'PUT', url: workflowUrl('Workflow/Nope', '/plan'), headers: { ...json, 'if-match': planEtag }, payload: '{"steps": []}' },
      404,
      'workflow_not_found',
    );
    await rejected({ url: workflowUrl('Workflow', '/plan') }, 404, 'workflow_not_found');
  });

  it('an unknown route: 404 in the same shape', async () => {
    await rejected({ url: '/api/nope' }, 404, 'not_found');
    await rejected({ method: 'DELETE', url: planUrl }, 404, 'not_found');
    await rejected({ url: '/' }, 404, 'not_found');
  });

  it('a malformed URL: 400', async () => {
    await rejected({ url: '/api/workflows/%E0%A4%A' }, 400);
  });

  it('a plan.json that is not JSON still answers with its revision (422), and a PUT can repair it', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const path = join(fixture.ws.root, 'Workflow/NoFinalNewline/planning/plan.json');
    await writeFile(path, '{ "steps": [ oops ] }');
    tree = await hashTree(fixture.ws.root);
    const url = workflowUrl('Workflow/NoFinalNewline');
    const body = await rejected({ url }, 422, 'unreadable_document');
    expect(body.details[0]?.message).toMatch(/line 1/);
    const res = await fixture.app.inject({
      method: 'PUT',
      url: `${url}/plan`,
      headers: { ...json, 'if-match': `"${body.currentRevision}"` },
      payload: '{"steps": []}',
    });
    expect(res.statusCode).toBe(200);
    tree = await hashTree(fixture.ws.root);
  });
});
