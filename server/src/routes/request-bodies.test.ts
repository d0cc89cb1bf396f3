import { describe, expect, it } from 'vitest';
import { useFixtureApp } from '../test-support/fixture-app';
import { workflowUrl } from '../test-support/fixture-workspace';

/**
 * The 400 answers of every route that checks its JSON body against a schema, in full (status,
 * code, message, details): no body, a JSON `null`, a body that is no object, and fields of the
 * wrong type. Also which check answers first when a request breaks several (the body before the
 * workflow is looked up; a layout's direction before its body; If-Match before a document body).
 */
const fixture = useFixtureApp('all');
const id = 'Workflow/ResearchReport';

type Request = { method: 'POST' | 'PUT'; url: string; body?: string; headers?: Record<string, string> };

type Answer = { statusCode: number; code?: string; message?: string; details?: Array<{ path: string; message: string }> } & Record<string, unknown>;

/** The whole answer on one line: `<status> <code>: <message> [<path>: <detail>; ...]` and any other field. */
async function answer({ method, url, body, headers = {} }: Request): Promise<string> {
  const res = await fixture.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
  const { statusCode, code, message, details, ...rest } = res.json<Answer>();
  const shown = (details ?? []).map((d) => `${d.path}: ${d.message}`).join('; ');
  const other = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${res.statusCode}/${statusCode} ${code}: ${message} [${shown}]${other}`;
}

/** The same request without a body, with `null`, with `5`, and with `bad` (fields of the wrong type). */
async function answers(method: Request['method'], url: string, bad: unknown): Promise<string[]> {
  return [
    await answer({ method, url }),
    await answer({ method, url, body: 'null' }),
    await answer({ method, url, body: '5' }),
    await answer({ method, url, body: JSON.stringify(bad) }),
  ];
}

describe('400 answers of body schemas', () => {
  it('POST /api/workflows', async () => {
    expect(await answers('POST', '/api/workflows', { id: 3, template: 'fancy' })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The new workflow does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The new workflow does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The new workflow does not match the schema; nothing was written [$.id: Invalid input: expected string, received number; $.template: Invalid option: expected one of "blank"|"todo_task"]",
      ]
    `);
  });

  it('PUT /api/workflows/:id/view', async () => {
    expect(await answers('PUT', workflowUrl(id, '/view'), { direction: 'diagonal', positions: { LR: { a: { x: 'left' } }, TB: {} } })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The view settings does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The view settings does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The view settings does not match the schema; nothing was written [$.direction: Invalid option: expected one of "LR"|"TB"; $.positions.LR.a.x: Invalid input: expected number, received string; $.positions.LR.a.y: Invalid input: expected number, received undefined]",
      ]
    `);
  });

  it('PUT /api/workflows/:id/layout/:direction', async () => {
    expect(await answers('PUT', workflowUrl(id, '/layout/LR'), { key: '', positions: { a: { x: 'left', y: 1 } } })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The saved layout does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The saved layout does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The saved layout does not match the schema; nothing was written [$.key: Too small: expected string to have >=1 characters; $.positions.a.x: Invalid input: expected number, received string]",
      ]
    `);
  });

  it('PUT /api/settings', async () => {
    expect(await answers('PUT', '/api/settings', { defaultLlm: { provider: 'openai' } })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The workspace settings does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The workspace settings does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The workspace settings does not match the schema; nothing was written [$.defaultLlm.model_id: Invalid input: expected string, received undefined]",
      ]
    `);
  });

  it('POST /api/workflows/:id/runs (no body or null: an empty request)', async () => {
    expect(await answers('POST', workflowUrl('Workflow/Nope', '/runs'), { provider: 5, extra: true })).toMatchInlineSnapshot(`
      [
        "404/404 workflow_not_found: No workflow "Workflow/Nope" in this workspace (a workflow is a folder with planning/plan.json) []",
        "404/404 workflow_not_found: No workflow "Workflow/Nope" in this workspace (a workflow is a folder with planning/plan.json) []",
        "400/400 schema_violation: The run request does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The run request does not match the schema; nothing was written [$.provider: Invalid option: expected one of "scripted"|"openai"; $: Unrecognized key: "extra"]",
      ]
    `);
  });

  it('POST /api/workflows/:id/runs/import', async () => {
    expect(await answers('POST', workflowUrl(id, '/runs/import'), {})).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The import request does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The import request does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The import request does not match the schema; nothing was written [$: give stepId (read the workflow's log) or text (the JSON Lines)]",
      ]
    `);
  });

  it('POST /api/runs', async () => {
    expect(await answers('POST', '/api/runs', { workflowId: 5 })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The run does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The run does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The run does not match the schema; nothing was written [$.workflowId: Invalid input: expected string, received number]",
      ]
    `);
  });

  it('POST /api/runs/:runId/input and PUT /api/runs/:runId/objective', async () => {
    expect(await answers('POST', '/api/runs/nope/input', { answer: [1] })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The answer does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The answer does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The answer does not match the schema; nothing was written [$.answer: Invalid input: expected string, received array]",
      ]
    `);
    expect(await answers('PUT', '/api/runs/nope/objective', { objective: 5 })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The objective does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The objective does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The objective does not match the schema; nothing was written [$.objective: Invalid input: expected string, received number]",
      ]
    `);
  });

  it('the learn_code callbacks', async () => {
    expect(await answers('POST', '/learn-code/nope/tools/custom/call_sub_agent', { route_id: 5 })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$.route_id: Invalid input: expected string, received number; $.todo_id: Invalid input: expected string, received undefined; $.instructions: Invalid input: expected string, received undefined]",
      ]
    `);
    expect(await answers('POST', '/api/runs/nope/tools/custom/call_sub_agent', { route_id: '' })).toMatchInlineSnapshot(`
      [
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$: Invalid input: expected object, received null]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$: Invalid input: expected object, received number]",
        "400/400 schema_violation: The call_sub_agent request does not match the schema; nothing was written [$.route_id: Too small: expected string to have >=1 characters; $.todo_id: Invalid input: expected string, received undefined; $.instructions: Invalid input: expected string, received undefined]",
      ]
    `);
  });
});

describe('which check answers first', () => {
  it('a valid body reaches the route, which then answers for the missing run or workflow', async () => {
    expect([
      await answer({ method: 'POST', url: '/api/runs/nope/input', body: '{"answer":"yes"}' }),
      await answer({ method: 'PUT', url: workflowUrl('Workflow/Nope', '/view'), body: JSON.stringify({ direction: 'LR', positions: { LR: {}, TB: {} } }) }),
      await answer({ method: 'PUT', url: workflowUrl('../outside', '/view'), body: '{}' }),
    ]).toMatchInlineSnapshot(`
      [
        "404/404 run_not_found: No run "nope" []",
        "404/404 workflow_not_found: No workflow "Workflow/Nope" in this workspace (a workflow is a folder with planning/plan.json) []",
        "400/400 schema_violation: The view settings does not match the schema; nothing was written [$.direction: Invalid option: expected one of "LR"|"TB"; $.positions: Invalid input: expected object, received undefined]",
      ]
    `);
  });

  it('a layout direction is checked before the body', async () => {
    expect([
      await answer({ method: 'PUT', url: workflowUrl(id, '/layout/XY') }),
      await answer({ method: 'PUT', url: workflowUrl(id, '/layout/XY'), body: '5' }),
    ]).toMatchInlineSnapshot(`
      [
        "400/400 bad_direction: Unknown layout direction "XY"; use LR or TB [$.direction: expected "LR" or "TB"]",
        "400/400 bad_direction: Unknown layout direction "XY"; use LR or TB [$.direction: expected "LR" or "TB"]",
      ]
    `);
  });

  it('a document save checks If-Match before its body; ingest needs a body', async () => {
    expect([
      await answer({ method: 'PUT', url: workflowUrl(id, '/plan') }),
      await answer({ method: 'PUT', url: workflowUrl(id, '/plan'), headers: { 'if-match': '*' } }),
      await answer({ method: 'PUT', url: workflowUrl(id, '/step-config'), headers: { 'if-match': '*' } }),
      await answer({ method: 'POST', url: '/api/runs/nope/events' }),
    ]).toMatchInlineSnapshot(`
      [
        "428/428 if_match_required: This request must carry an If-Match header with the revision (ETag) the change is based on [If-Match: header missing]",
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "400/400 body_missing: The request needs a JSON body [$: no body]",
        "404/404 run_not_found: No run "nope" []",
      ]
    `);
  });

  it('a client id is checked after the body', async () => {
    expect([
      await answer({ method: 'POST', url: '/api/workflows', body: '{"id":3}', headers: { 'x-planvas-client': 'bad id!' } }),
      await answer({ method: 'POST', url: '/api/workflows', body: '{"id":"Workflow/ResearchReport"}', headers: { 'x-planvas-client': 'bad id!' } }),
    ]).toMatchInlineSnapshot(`
      [
        "400/400 schema_violation: The new workflow does not match the schema; nothing was written [$.id: Invalid input: expected string, received number]",
        "400/400 invalid_client_id: X-Planvas-Client must be 1 to 128 letters, digits or . _ : - [X-Planvas-Client: must be 1-128 characters of A-Z a-z 0-9 . _ : -]",
      ]
    `);
  });
});
