// How a run ends early: cancelled, out of turns, failed validation, an unknown step type; and a sub-agent that does not learn.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TodoList } from '@planvas/shared';
import { runEvents, startRun, todoTaskPlan, until, waitForStatus, writeWorkflow } from '../../test-support/run-harness';
import { useFixtureApp } from '../../test-support/fixture-app';

const DEMO = 'Workflow/ResearchReport';
const fixture = useFixtureApp('each');
const start = (id: string, body?: Record<string, unknown>) => startRun(fixture.app, id, body);
/** A one-route todo_task workflow whose validation requires these files. */
const requiringFiles = (...fileNames: string[]) =>
  todoTaskPlan({ routes: 1, validation: { files: fileNames.map((file_name) => ({ file_name, must_exist: true })) } });

describe('faults and limits', () => {
  it('cancels a run: the step fails with the reason, the run stops, todos.json stays readable, the server keeps serving', async () => {
    const runId = await start(DEMO, { paceMs: 40 });
    await until(async () => (await runEvents(fixture.app, runId)).some((e) => e.type === 'todo_task_route_selected') || undefined, 'a decision');
    const cancel = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().run).toMatchObject({ status: 'cancelled', error: 'cancelled by the user' });
    const events = await runEvents(fixture.app, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run_status', data: { status: 'cancelled', reason: 'cancelled by the user' } });
    expect(events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'cancelled', step_id: 'research-todo' });
    expect(events.some((e) => e.type === 'step_status' && e.data['step_id'] === 'research-todo' && e.data['status'] === 'failed')).toBe(true);
    const todos = JSON.parse(await readFile(join(fixture.ws.root, DEMO, 'runs', runId, 'execution/research-todo/todos.json'), 'utf8')) as TodoList;
    expect(todos.todos.length).toBeGreaterThan(0);
    expect((await fixture.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/cancel` })).statusCode).toBe(200);
  });

  it('fails the step when execution_max_turns is reached, with that reason', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/MaxTurns', todoTaskPlan({ routes: 3 }), { steps: [{ id: 'work', agent_configs: { execution_max_turns: 2 } }] });
    const runId = await start('Test/MaxTurns');
    const run = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^execution_max_turns \(2\) reached/);
    const events = await runEvents(fixture.app, runId);
    expect(events.filter((e) => e.type === 'todo_task_route_selected')).toHaveLength(2);
    expect(events.find((e) => e.type === 'run_error')!.data).toMatchObject({ kind: 'max_turns', step_id: 'work' });
  });

  it('passes validation when outputs satisfy it and fails the step with the problems when they do not', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/Passes', requiringFiles('result.json', 'part1.md'));
    const ok = await waitForStatus(fixture.app, await start('Test/Passes'), ['failed', 'completed']);
    expect(ok.status, ok.error).toBe('completed');

    await writeWorkflow(fixture.ws.root, 'Test/Fails', requiringFiles('result.json', 'never-written.json'));
    const runId = await start('Test/Fails');
    const failed = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('validation failed: never-written.json: the file does not exist');
    const events = await runEvents(fixture.app, runId);
    expect(events.find((e) => e.type === 'validation_result')!.data).toEqual({
      step_id: 'work',
      passed: false,
      problems: [{ file: 'never-written.json', message: 'the file does not exist' }],
    });
    expect(events.some((e) => e.type === 'todo_task_step_completed')).toBe(false);
    // No learning from a step that failed validation.
    expect(events.some((e) => e.type === 'learning_recorded')).toBe(false);
  });

  it('respects disable_learning of a sub-agent', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/NoLearn', todoTaskPlan({ routes: 2 }), {
      steps: [{ id: 'agent-2', agent_configs: { disable_learning: true } }],
    });
    const run = await waitForStatus(fixture.app, await start('Test/NoLearn'), ['failed', 'completed']);
    expect(run.status).toBe('completed');
    expect(existsSync(join(fixture.ws.root, 'Test/NoLearn/learnings/agent-1/learnings.md'))).toBe(true);
    expect(existsSync(join(fixture.ws.root, 'Test/NoLearn/learnings/agent-2'))).toBe(false);
  });

  it('stops with a clear error at a step type it cannot execute', async () => {
    const runId = await start('Workflow/UnknownStepType');
    const run = await waitForStatus(fixture.app, runId, ['failed', 'completed']);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('step "scrape-portal" has type "web_scrape", which planvas cannot execute');
    expect((await runEvents(fixture.app, runId)).find((e) => e.type === 'run_error')!.data).toMatchObject({
      kind: 'unsupported_step',
      step_id: 'scrape-portal',
    });
  });
});
