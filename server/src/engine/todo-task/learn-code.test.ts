import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { runEvents, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';
import { isLearnCodeEligible } from './learn-code';

const PY_CALLS = `import json, os, sys, urllib.request
url = os.environ['MCP_API_URL'] + '/tools/custom/call_sub_agent'
def call(route, todo, text):
    req = urllib.request.Request(url, data=json.dumps({'route_id': route, 'todo_id': todo, 'instructions': text}).encode(), headers={'content-type': 'application/json'}, method='POST')
    with urllib.request.urlopen(req) as r:
        return json.load(r)
first = call('r1', 'todo_a0000001', 'Write part one')
assert first['success'], first
`;

const PY_SUCCESS = `${PY_CALLS}
second = call('r2', 'todo_b0000002', 'Write part two')
with open('result.json', 'w') as f:
    json.dump({'calls': 2, 'openai_key_visible': 'OPENAI_API_KEY' in os.environ or 'PLANVAS_OPENAI_API_KEY' in os.environ}, f)
`;

const PY_CRASH = `${PY_CALLS}
raise RuntimeError('the script broke after one call')
`;

const MJS_SUCCESS = `import { writeFileSync } from 'node:fs';
const res = await fetch(process.env.MCP_API_URL + '/tools/custom/call_sub_agent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ route_id: 'r2', todo_id: 'todo_m0000001', instructions: 'node call' }) });
if (!res.ok) process.exit(3);
writeFileSync('result.json', JSON.stringify({ ok: (await res.json()).success }));
`;

const learnCodeConfig = { steps: [{ id: 'work', agent_configs: { declared_execution_mode: 'learn_code' } }] };

let ws: TempWorkspace;
let app: FastifyInstance;
const saved = { ...process.env };

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  process.env['OPENAI_API_KEY'] = 'sk-never-given-to-scripts';
  app = await appFor(ws);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await app.close();
  process.env = { ...saved };
  await ws.cleanup();
});

async function run(workflow: string, body: Record<string, unknown> = {}): Promise<{ status: string; error?: string; events: EventEnvelope[]; runId: string }> {
  const response = await app.inject({ method: 'POST', url: workflowRunsUrl(workflow), payload: { paceMs: 0, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  const runId = response.json().runId as string;
  const summary = await waitForStatus(app, runId, ['completed', 'failed']);
  return { status: summary.status, ...(summary.error ? { error: summary.error } : {}), events: await runEvents(app, runId), runId };
}

const orchestratorTurns = (events: EventEnvelope[]) => events.filter((e) => e.type === 'step_status' && e.data['status'] === 'orchestrating').length;
const learnCodeResult = (events: EventEnvelope[]) => events.find((e) => e.type === 'learn_code_result')?.data;

describe('learn_code fast path', () => {
  it('is eligible exactly when the config declares learn_code and the step has a predefined route', () => {
    const step = { type: 'todo_task' as const, id: 's', predefined_routes: [{ route_id: 'r' }] };
    expect(isLearnCodeEligible({ id: 's', agent_configs: { declared_execution_mode: 'learn_code' } }, step)).toBe(true);
    expect(isLearnCodeEligible({ id: 's', agent_configs: { declared_execution_mode: 'learn_code' } }, { ...step, predefined_routes: [] })).toBe(false);
    expect(isLearnCodeEligible({ id: 's', agent_configs: { declared_execution_mode: 'simple', use_learn_code_mode: true } }, step)).toBe(false);
    expect(isLearnCodeEligible(undefined, step)).toBe(false);
  });

  it('succeeds with zero orchestrator turns when the python script exits 0 and validation passes', async () => {
    await writeWorkflow(ws.root, 'LC/Ok', todoTaskPlan({ routes: 2 }), learnCodeConfig, { 'learnings/work/main.py': PY_SUCCESS });
    const result = await run('LC/Ok');
    expect(result.status, result.error).toBe('completed');
    expect(orchestratorTurns(result.events)).toBe(0);
    expect(learnCodeResult(result.events)).toMatchObject({ outcome: 'success', script: 'learnings/work/main.py', exit_code: 0, fallback: false });
    const decisions = result.events.filter((e) => e.type === 'todo_task_route_selected');
    expect(decisions.map((d) => [d.data['iteration'], d.data['selected_route_id'], d.data['todo_id_to_execute'], d.data['model']])).toEqual([
      [1, 'r1', 'todo_a0000001', 'learn_code'],
      [2, 'r2', 'todo_b0000002', 'learn_code'],
    ]);
    expect(result.events.filter((e) => e.type === 'todo_task_item_completed').map((e) => e.data['todo_id'])).toEqual(['todo_a0000001', 'todo_b0000002']);
    expect(result.events.find((e) => e.type === 'todo_task_step_completed')!.data['completion_reason']).toMatch(/^learn_code script succeeded/);
    const written = JSON.parse(await readFile(join(ws.root, 'LC/Ok/runs', result.runId, 'execution/result.json'), 'utf8')) as { openai_key_visible: boolean };
    expect(written.openai_key_visible).toBe(false);
    // Predefined routes still learn on the fast path; the script itself is never rewritten.
    expect(existsSync(join(ws.root, 'LC/Ok/learnings/agent-1/learnings.md'))).toBe(true);
    expect(await readFile(join(ws.root, 'LC/Ok/learnings/work/main.py'), 'utf8')).toBe(PY_SUCCESS);
  });

  it('accepts a main.mjs run with node', async () => {
    await writeWorkflow(ws.root, 'LC/Node', todoTaskPlan({ routes: 2 }), learnCodeConfig, { 'learnings/work/main.mjs': MJS_SUCCESS });
    const result = await run('LC/Node');
    expect(result.status, result.error).toBe('completed');
    expect(learnCodeResult(result.events)).toMatchObject({ outcome: 'success', script: 'learnings/work/main.mjs' });
  });

  it('falls back to the orchestrator with a fresh start when the script crashes', async () => {
    await writeWorkflow(ws.root, 'LC/Crash', todoTaskPlan({ routes: 2 }), learnCodeConfig, { 'learnings/work/main.py': PY_CRASH });
    const result = await run('LC/Crash');
    expect(result.status, result.error).toBe('completed');
    const outcome = learnCodeResult(result.events)!;
    expect(outcome).toMatchObject({ outcome: 'failed', exit_code: 1, fallback: true, reason: 'the script exited with code 1' });
    expect(String(outcome['stderr_tail'])).toContain('RuntimeError: the script broke after one call');
    const reset = result.events.find((e) => e.type === 'todo_snapshot' && e.data['reason'] === 'learn_code_fallback')!;
    expect(reset.data['todos']).toEqual([]);
    // The orchestrator re-planned from zero: its todos are new, the script's todo is gone.
    expect(orchestratorTurns(result.events)).toBeGreaterThan(0);
    const finalSnapshot = result.events.filter((e) => e.type === 'todo_snapshot').at(-1)!;
    const ids = (finalSnapshot.data['todos'] as Array<{ id: string }>).map((t) => t.id);
    expect(ids).not.toContain('todo_a0000001');
    expect(ids.length).toBeGreaterThan(0);
  });

  it('with fast_path_only, a failing script is a hard error and nothing falls back', async () => {
    await writeWorkflow(ws.root, 'LC/Only', todoTaskPlan({ routes: 2 }), learnCodeConfig, { 'learnings/work/main.py': PY_CRASH });
    const result = await run('LC/Only', { fastPathOnly: true });
    expect(result.status).toBe('failed');
    expect(result.error).toBe('learn_code fast path failed and fast_path_only forbids a fallback: the script exited with code 1');
    expect(result.events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'learn_code', step_id: 'work' });
    expect(learnCodeResult(result.events)).toMatchObject({ fallback: false });
    expect(orchestratorTurns(result.events)).toBe(0);
  });

  it('a missing script falls back (or fails with fast_path_only); exit 0 with failing validation is a failure', async () => {
    await writeWorkflow(ws.root, 'LC/Missing', todoTaskPlan({ routes: 1 }), learnCodeConfig);
    const fallback = await run('LC/Missing');
    expect(fallback.status).toBe('completed');
    expect(learnCodeResult(fallback.events)).toMatchObject({ outcome: 'failed', reason: 'no learnings/work/main.py (or main.mjs) to run', fallback: true });
    const hard = await run('LC/Missing', { fastPathOnly: true });
    expect(hard.status).toBe('failed');

    await writeWorkflow(ws.root, 'LC/NoOutput', todoTaskPlan({ routes: 1 }), learnCodeConfig, { 'learnings/work/main.py': 'print("did nothing")\n' });
    const invalid = await run('LC/NoOutput', { fastPathOnly: true });
    expect(invalid.status).toBe('failed');
    expect(learnCodeResult(invalid.events)!['reason']).toBe('the script exited 0 but validation failed: result.json: the file does not exist');
  });

  it('never runs the script when the step is not eligible', async () => {
    const marker = `open('ran.txt', 'w').write('yes')\n`;
    await writeWorkflow(
      ws.root,
      'LC/NoRoutes',
      { steps: [{ ...(todoTaskPlan({ routes: 0, generic: true }).steps as Array<Record<string, unknown>>)[0] }] },
      learnCodeConfig,
      { 'learnings/work/main.py': marker },
    );
    const noRoutes = await run('LC/NoRoutes');
    expect(noRoutes.status, noRoutes.error).toBe('completed');
    expect(learnCodeResult(noRoutes.events)).toBeUndefined();
    expect(existsSync(join(ws.root, 'LC/NoRoutes/runs', noRoutes.runId, 'execution/ran.txt'))).toBe(false);

    await writeWorkflow(
      ws.root,
      'LC/Simple',
      todoTaskPlan({ routes: 1 }),
      { steps: [{ id: 'work', agent_configs: { declared_execution_mode: 'simple' } }] },
      { 'learnings/work/main.py': marker },
    );
    const simple = await run('LC/Simple');
    expect(learnCodeResult(simple.events)).toBeUndefined();
    expect(existsSync(join(ws.root, 'LC/Simple/runs', simple.runId, 'execution/ran.txt'))).toBe(false);
  });

  it('gives the script a minimal environment: no access token, no PLANVAS_* settings, no provider keys', async () => {
    Object.assign(process.env, {
      PLANVAS_TOKEN: 'server-access-token',
      PLANVAS_OPENAI_API_KEY: 'sk-planvas-key',
      PLANVAS_OPENAI_BASE_URL: 'https://example.invalid/v1',
      ANTHROPIC_API_KEY: 'sk-ant-secret',
      GITHUB_TOKEN: 'ghp-secret',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      DATABASE_URL: 'postgres://user:pw@host/db',
    });
    const dumpEnv = `import json, os\nwith open('result.json', 'w') as f:\n    json.dump(dict(os.environ), f)\n`;
    await writeWorkflow(ws.root, 'LC/Env', todoTaskPlan({ routes: 1 }), learnCodeConfig, { 'learnings/work/main.py': dumpEnv });
    const result = await run('LC/Env', { fastPathOnly: true });
    expect(result.status, result.error).toBe('completed');
    const env = JSON.parse(await readFile(join(ws.root, 'LC/Env/runs', result.runId, 'execution/result.json'), 'utf8')) as Record<string, string>;
    for (const key of [
      'PLANVAS_TOKEN',
      'OPENAI_API_KEY',
      'PLANVAS_OPENAI_API_KEY',
      'PLANVAS_OPENAI_BASE_URL',
      'ANTHROPIC_API_KEY',
      'GITHUB_TOKEN',
      'AWS_SECRET_ACCESS_KEY',
      'DATABASE_URL',
    ]) {
      expect(env[key], key).toBeUndefined();
    }
    expect(Object.values(env).join('\n')).not.toMatch(/server-access-token|sk-planvas-key|example\.invalid|sk-ant-secret|ghp-secret|aws-secret|user:pw/);
    // What it does get: its callback, its run and folder, and what any program needs to start.
    expect(env['MCP_API_URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/learn-code\/[0-9a-f]{32}$/);
    expect(env['PLANVAS_RUN_ID']).toBe(result.runId);
    expect(env['PLANVAS_EXECUTION_DIR']).toContain(join('LC/Env/runs', result.runId, 'execution'));
    expect(env['PATH']).toBeTruthy();
    expect(
      Object.keys(env)
        .filter((k) => k.startsWith('PLANVAS_'))
        .sort(),
    ).toEqual(['PLANVAS_EXECUTION_DIR', 'PLANVAS_RUN_ID']);
  });

  it('starts only a real file of learnings/<step-id>/ of the workflow, never one a symlink leads elsewhere', async () => {
    const marker = `open('ran.txt', 'w').write('yes')\n`;
    await writeWorkflow(ws.root, 'LC/Linked', todoTaskPlan({ routes: 1 }), learnCodeConfig, { 'elsewhere/main.py': marker });
    await mkdir(join(ws.root, 'LC/Linked/learnings/work'), { recursive: true });
    await symlink(join(ws.root, 'LC/Linked/elsewhere/main.py'), join(ws.root, 'LC/Linked/learnings/work/main.py'));
    const linked = await run('LC/Linked', { fastPathOnly: true });
    expect(linked.status).toBe('failed');
    expect(learnCodeResult(linked.events)).toMatchObject({
      outcome: 'failed',
      reason: expect.stringContaining('learn_code script learnings/work/main.py was not started'),
    });
    expect(existsSync(join(ws.root, 'LC/Linked/runs', linked.runId, 'execution/ran.txt'))).toBe(false);
  });

  it('refuses callbacks without a running script and unknown routes', async () => {
    const call = await app.inject({
      method: 'POST',
      url: '/learn-code/0123456789abcdef0123456789abcdef/tools/custom/call_sub_agent',
      payload: { route_id: 'r1', todo_id: 't', instructions: 'x' },
    });
    expect(call.statusCode).toBe(404);
    const bad = await app.inject({ method: 'POST', url: '/learn-code/x/tools/custom/call_sub_agent', payload: { route_id: '', todo_id: 't' } });
    expect(bad.statusCode).toBe(400);
    await writeWorkflow(ws.root, 'LC/BadRoute', todoTaskPlan({ routes: 1 }), learnCodeConfig, {
      'learnings/work/main.py': PY_CALLS.replace("call('r1'", "call('nope'"),
    });
    const result = await run('LC/BadRoute');
    expect(learnCodeResult(result.events)).toMatchObject({ outcome: 'failed', fallback: true });
    expect(String(learnCodeResult(result.events)!['stderr_tail'])).toContain('HTTP Error 400');
  });
});
