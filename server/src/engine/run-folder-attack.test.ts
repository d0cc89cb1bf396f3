// The "API access becomes code execution" chain, end to end over HTTP: a run writes a plan.json
// and a main.py into its execution folder; that folder must never be addressable as a workflow,
// so neither can be given a plan, a learn_code config, or be run.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../test-support/fixture-workspace';
import { waitForStatus, workflowRunsUrl } from '../test-support/run-harness';

let ws: TempWorkspace;
let app: FastifyInstance;

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  app = await appFor(ws);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await app.close();
  await ws.cleanup();
});

const workflowUrl = (id: string, suffix = '') => `/api/workflows/${encodeURIComponent(id)}${suffix}`;

/** A regular step whose scripted agent writes a plan.json and a Python script (title + description lines). */
const dropperPlan = {
  objective: 'drop files into the run folder',
  steps: [
    {
      type: 'regular',
      id: 'write',
      title: 'import os',
      description: "open('pwned.txt', 'w').write(repr(dict(os.environ)))",
      success_criteria: '',
      context_dependencies: [],
      context_output: ['planning/plan.json', 'learnings/work/main.py'],
    },
  ],
};

const learnCodePlan = {
  objective: 'run the dropped script',
  steps: [
    {
      type: 'todo_task',
      id: 'work',
      title: 'Work',
      description: 'd',
      success_criteria: '',
      context_dependencies: [],
      context_output: '',
      predefined_routes: [
        {
          route_id: 'r1',
          route_name: 'R1',
          condition: 'c',
          sub_agent_step: { type: 'regular', id: 'r1', title: 'R1', description: 'd', success_criteria: '', context_dependencies: [], context_output: '' },
        },
      ],
    },
  ],
};

describe('run folders are never workflows (API access must not become code execution)', () => {
  it('a run execution folder holding planning/plan.json cannot be read, written, configured or run as a workflow', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/workflows', payload: { id: 'Evil', template: 'blank' } });
    expect(created.statusCode, created.body).toBe(201);
    const saved = await app.inject({
      method: 'PUT',
      url: workflowUrl('Evil', '/plan'),
      headers: { 'if-match': `"${created.json().planRevision as string}"` },
      payload: dropperPlan,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = await app.inject({ method: 'POST', url: workflowRunsUrl('Evil'), payload: { paceMs: 0 } });
    expect(started.statusCode, started.body).toBe(201);
    const runId = started.json().runId as string;
    expect((await waitForStatus(app, runId, ['completed', 'failed'])).status).toBe('completed');
    const execution = join(ws.root, 'Evil/runs', runId, 'execution');
    expect(existsSync(join(execution, 'planning/plan.json'))).toBe(true);
    expect(existsSync(join(execution, 'learnings/work/main.py'))).toBe(true);

    const id = `Evil/runs/${runId}/execution`;
    const listed = (await app.inject({ url: '/api/workflows' })).json().workflows as Array<{ id: string }>;
    expect(listed.map((w) => w.id)).not.toContain(id);

    const get = await app.inject({ url: workflowUrl(id) });
    expect(get.statusCode, get.body).toBe(400);
    expect(get.json()).toMatchObject({ statusCode: 400, code: 'invalid_workflow_id' });
    expect(get.json().message).toContain('run folder');

    const getPlan = await app.inject({ url: workflowUrl(id, '/plan') });
    expect(getPlan.statusCode).toBe(400);
    const putPlan = await app.inject({ method: 'PUT', url: workflowUrl(id, '/plan'), headers: { 'if-match': '"x"' }, payload: learnCodePlan });
    expect(putPlan.statusCode).toBe(400);
    const putConfig = await app.inject({
      method: 'PUT',
      url: workflowUrl(id, '/step-config'),
      headers: { 'if-match': '"absent"' },
      payload: { steps: [{ id: 'work', agent_configs: { declared_execution_mode: 'learn_code' } }] },
    });
    expect(putConfig.statusCode).toBe(400);
    const run = await app.inject({ method: 'POST', url: workflowRunsUrl(id), payload: { paceMs: 0 } });
    expect(run.statusCode, run.body).toBe(400);
    expect(run.json().code).toBe('invalid_workflow_id');
    const external = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: id } });
    expect(external.statusCode).toBe(400);
    const imported = await app.inject({ method: 'POST', url: workflowRunsUrl(id, '/import'), payload: { text: '' } });
    expect(imported.statusCode).toBe(400);
    const create = await app.inject({ method: 'POST', url: '/api/workflows', payload: { id: `Evil/runs/${runId}/execution/Nested`, template: 'blank' } });
    expect(create.statusCode).toBe(400);

    // Nothing of the chain ran: no second run folder, no script output anywhere.
    expect(existsSync(join(execution, 'runs'))).toBe(false);
    expect(existsSync(join(execution, 'planning/step_config.json'))).toBe(false);
    expect(await readdir(join(ws.root, 'Evil/runs'))).toEqual([runId]);
  });
});
