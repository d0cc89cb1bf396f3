// A plan's json_checks paths, step ids, route ids and value_cases are keys chosen by whoever
// writes the plan; none of them may reach Object.prototype. One poisoned run used to break run
// start, ingest and import for every workflow until planvas was restarted.
import { afterEach, describe, expect, it } from 'vitest';
import { useFixtureApp } from '../test-support/fixture-app';
import { runEvents, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../test-support/run-harness';

const POLLUTED_KEYS = ['x', 'polluted', 'status', 'type', 'data', 'iteration', 'step_id'] as const;

const fixture = useFixtureApp('each');
afterEach(() => {
  // Whatever this test finds, the next test file in this worker starts clean.
  for (const key of POLLUTED_KEYS) delete (Object.prototype as Record<string, unknown>)[key];
});

/** Every json_checks path form that walks into a prototype, in the step's and a sub-agent's schema. */
function attackPlan(): Record<string, unknown> {
  const checks = [
    { path: '__proto__.x', must_exist: true, value_type: 'string' },
    { path: 'constructor.prototype.polluted', must_exist: true, value_type: 'string' },
    { path: '$.__proto__.status', must_exist: true, value_type: 'string', pattern: '^failed$' },
    { path: '["__proto__"]["type"]', must_exist: true, value_type: 'string', pattern: '^run_status$' },
    { path: 'items[0].__proto__.iteration', must_exist: true, value_type: 'integer', min_value: 7, max_value: 7 },
    { path: 'items[0].constructor.prototype.step_id', must_exist: true, value_type: 'string' },
    { path: '__proto__.data', must_exist: true, value_type: 'object' },
  ];
  const plan = todoTaskPlan({ routes: 2, validation: { files: [{ file_name: 'result.json', must_exist: true, json_checks: checks }] } });
  const step = (plan['steps'] as Array<Record<string, unknown>>)[0]!;
  const sub = (step['predefined_routes'] as Array<{ sub_agent_step: Record<string, unknown> }>)[0]!.sub_agent_step;
  sub['context_output'] = 'sub.json';
  sub['validation_schema'] = { files: [{ file_name: 'sub.json', json_checks: checks }] };
  return plan;
}

async function runToEnd(workflow: string): Promise<{ status: string; runId: string }> {
  const { app } = fixture;
  const started = await app.inject({ method: 'POST', url: workflowRunsUrl(workflow), payload: { paceMs: 0 } });
  expect(started.statusCode, started.body).toBe(201);
  const runId = started.json().runId as string;
  const summary = await waitForStatus(app, runId, ['completed', 'failed']);
  return { status: summary.status, runId };
}

describe('prototype pollution through plan keys', () => {
  it('a plan with __proto__ / constructor.prototype json_checks paths pollutes nothing; runs, ingest and import still work', async () => {
    const { app, ws } = fixture;
    await writeWorkflow(ws.root, 'Attack/Proto', attackPlan());
    await runToEnd('Attack/Proto');
    const empty: Record<string, unknown> = {};
    for (const key of POLLUTED_KEYS) expect(empty[key], key).toBeUndefined();

    // A normal run of another workflow starts and completes.
    await writeWorkflow(ws.root, 'Plain/Flow', todoTaskPlan({ routes: 2 }));
    const plain = await runToEnd('Plain/Flow');
    expect(plain.status).toBe('completed');
    expect((await runEvents(app, plain.runId)).at(-1)).toMatchObject({ type: 'run_status', data: { status: 'completed' } });

    // Ingest into an external run.
    const external = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: 'Workflow/ResearchReport' } });
    expect(external.statusCode, external.body).toBe(201);
    const runId = external.json().runId as string;
    const step = { step_index: 1, step_path: 'step-2', step_id: 'research-todo' };
    const ingested = await app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: [
        { type: 'todo_task_item_created', data: { ...step, todo_id: 'todo_1', title: 'A' } },
        {
          type: 'todo_task_route_selected',
          data: { ...step, iteration: 1, next_action: 'delegate', selected_route_id: 'literature', todo_id_to_execute: 'todo_1' },
        },
        { type: 'run_status', data: { status: 'completed' } },
      ],
    });
    expect(ingested.statusCode, ingested.body).toBe(200);
    expect((await app.inject({ url: `/api/runs/${runId}` })).json().run).toMatchObject({ status: 'completed', todos: { total: 1 } });

    // Import the fixture's decision log.
    const imported = await app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: { stepId: 'research-todo' } });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await app.inject({ url: `/api/runs/${imported.json().runId as string}` })).json().run).toMatchObject({
      status: 'completed',
      todos: { completed: 5, total: 5 },
    });

    for (const key of POLLUTED_KEYS) expect(empty[key], key).toBeUndefined();
  });
});
