import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, type TempWorkspace } from '../test-support/fixture-workspace';
import { workflowRunsUrl } from '../test-support/run-harness';

/**
 * Run data (`runs/`, `logs/`, `learnings/` of a workflow) reached through a symlink that leads out
 * of the workspace root: nothing may be written or read there, and the answer is one clear error
 * (409 path_outside_workspace) that names no absolute path and echoes none of the outside bytes.
 * The root is `<base>/ws`; the outside folder is its sibling `<base>/outside`.
 */
const WF = 'Workflow/ResearchReport';
const SECRET = 'SECRET-OUTSIDE-BYTES 7f3a';

let ws: TempWorkspace;
let app: FastifyInstance;
let outside: string;
const wf = (...parts: string[]) => join(ws.root, WF, ...parts);

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  outside = join(ws.base, 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, 'secret.txt'), `${SECRET}\n`);
});
afterEach(async () => {
  await app?.close();
  await ws.cleanup();
});

async function build(): Promise<FastifyInstance> {
  app = await appFor(ws);
  await app.ready();
  return app;
}

/** The answer is the clear error, with nothing absolute or secret in it. */
function expectOutside(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  const body = expectApiError(res, 409, 'path_outside_workspace');
  expect(res.body).not.toContain(ws.base);
  expect(res.body).not.toContain('SECRET');
  return body;
}

/** Moves the workflow's `folder` out of the root (its copy is `<outside>/<folder>`) and leaves a link to it in its place. */
async function moveBehindLinkOut(folder: 'logs' | 'learnings'): Promise<string> {
  const copy = join(outside, folder);
  await cp(wf(folder), copy, { recursive: true });
  await rm(wf(folder), { recursive: true });
  await symlink(copy, wf(folder));
  return copy;
}

/** Replaces one of the workflow's files with a link to the secret outside the root. */
async function linkToSecret(...parts: string[]): Promise<void> {
  await rm(wf(...parts));
  await symlink(join(outside, 'secret.txt'), wf(...parts));
}

const decisionLine = JSON.stringify({ step_id: 'research-todo', iteration: 1, todo_task_response: { next_action: 'complete' } });

describe('run data behind a symlink out of the workspace', () => {
  it('a runs folder linked outside: start, external run and import are refused and write nothing there', async () => {
    await symlink(outside, wf('runs'));
    await build();
    const before = await hashTree(outside);
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { paceMs: 0 } }));
    expectOutside(await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } }));
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF, '/import'), payload: { text: decisionLine } }));
    expect(await hashTree(outside)).toEqual(before);
    expect((await app.inject({ url: '/api/runs' })).json().runs).toEqual([]);
  });

  it('a logs or learnings folder linked outside: a run is refused before it starts', async () => {
    const logsCopy = await moveBehindLinkOut('logs');
    await build();
    const before = await hashTree(outside);
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { paceMs: 0 } }));
    expect(await hashTree(outside)).toEqual(before);
    await app.close();

    await rm(wf('logs'));
    await cp(logsCopy, wf('logs'), { recursive: true });
    await moveBehindLinkOut('learnings');
    await build();
    const learningsBefore = await hashTree(outside);
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { paceMs: 0 } }));
    expect(await hashTree(outside)).toEqual(learningsBefore);
  });

  it('a learnings.md or decision log file linked outside: a run is refused, nothing appended there', async () => {
    await linkToSecret('learnings', 'literature-reviewer', 'learnings.md');
    await build();
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { paceMs: 0 } }));
    await app.close();
    await rm(wf('learnings', 'literature-reviewer', 'learnings.md'));
    await writeFile(wf('learnings', 'literature-reviewer', 'learnings.md'), '# learnings\n');
    await linkToSecret('logs', 'research-todo', 'todo-task-execution.json');
    await build();
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { paceMs: 0 } }));
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
  });

  it('import of a decision log that is a symlink to an outside file neither reads nor echoes it', async () => {
    await linkToSecret('logs', 'research-todo', 'todo-task-execution.json');
    await build();
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF, '/import'), payload: { stepId: 'research-todo' } }));
    await app.close();
    // The step's folder itself linked outside, with a decision log there.
    await rm(wf('logs', 'research-todo'), { recursive: true });
    await mkdir(join(outside, 'step'), { recursive: true });
    await writeFile(join(outside, 'step', 'todo-task-execution.json'), `${SECRET}\n`);
    await symlink(join(outside, 'step'), wf('logs', 'research-todo'));
    await build();
    expectOutside(await app.inject({ method: 'POST', url: workflowRunsUrl(WF, '/import'), payload: { stepId: 'research-todo' } }));
    expect((await app.inject({ url: '/api/runs' })).json().runs).toEqual([]);
  });

  it('ingest and reads of a run whose folder was moved behind a link out of the root are refused', async () => {
    await build();
    const created = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } });
    expect(created.statusCode, created.body).toBe(201);
    const runId = created.json().runId as string;
    await app.close();
    await rename(wf('runs'), join(outside, 'runs'));
    await symlink(join(outside, 'runs'), wf('runs'));
    const before = await hashTree(outside);
    await build();
    expectOutside(await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'tick', data: {} } }));
    expectOutside(await app.inject({ url: `/api/runs/${runId}/events` }));
    expect(await hashTree(outside)).toEqual(before);
  });

  it('an events.jsonl that is itself a symlink is not followed', async () => {
    await build();
    const created = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } });
    const runId = created.json().runId as string;
    await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'run_status', data: { status: 'completed' } } });
    await app.close();
    const log = wf('runs', runId, 'events.jsonl');
    await rm(log);
    await writeFile(join(outside, 'events.jsonl'), `{"seq":1,"type":"leak","timestamp":"2025-01-01T00:00:00.000Z","data":{"s":"${SECRET}"}}\n`);
    await symlink(join(outside, 'events.jsonl'), log);
    await build();
    expectOutside(await app.inject({ url: `/api/runs/${runId}/events` }));
  });

  it('links that stay inside the root still work', async () => {
    const shared = join(ws.root, 'shared-logs');
    await rename(wf('logs'), shared);
    await symlink(shared, wf('logs'));
    await build();
    const res = await app.inject({ method: 'POST', url: workflowRunsUrl(WF, '/import'), payload: { stepId: 'research-todo' } });
    expect(res.statusCode, res.body).toBe(201);
  });
});
