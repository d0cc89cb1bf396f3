import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupEventsByIteration, type EventEnvelope } from '@planvas/shared';
import { runEvents, runSummary, waitForStatus, workflowRunsUrl } from '../../test-support/run-harness';
import { useFixtureApp } from '../../test-support/fixture-app';

const fixture = useFixtureApp('each');

async function externalRun(): Promise<string> {
  const created = await fixture.app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: 'Workflow/ResearchReport' } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().runId as string;
}

const step = { step_index: 1, step_path: 'step-2', step_id: 'research-todo' };

describe('POST /api/runs and ingest', () => {
  it('creates an external run that takes one event or a batch, numbered and stored at once', async () => {
    const runId = await externalRun();
    expect(await runSummary(fixture.app, runId)).toMatchObject({ provider: 'external', status: 'running', workflowId: 'Workflow/ResearchReport' });
    const one = await fixture.app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: { type: 'todo_task_item_created', data: { ...step, todo_id: 'todo_1', title: 'A', trace_id: 't-1' } },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ accepted: 1, firstSeq: 2, lastSeq: 2 });
    const batch = await fixture.app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: [
        {
          type: 'todo_task_route_selected',
          data: { ...step, iteration: 1, next_action: 'delegate', selected_route_id: 'literature', todo_id_to_execute: 'todo_1' },
        },
        { type: 'todo_task_item_completed', data: { ...step, todo_id: 'todo_1', result: 'ok' } },
        { type: 'agent_thought', data: { text: 'any event of an external runtime is kept' } },
        { type: 'run_status', data: { status: 'completed' } },
      ],
    });
    expect(batch.json()).toEqual({ accepted: 4, firstSeq: 3, lastSeq: 6 });
    const events = await runEvents(fixture.app, runId);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'run_status'],
      [2, 'todo_task_item_created'],
      [3, 'todo_task_route_selected'],
      [4, 'todo_task_item_completed'],
      [5, 'agent_thought'],
      [6, 'run_status'],
    ]);
    expect(events[1]!.data).toEqual({ ...step, todo_id: 'todo_1', title: 'A', trace_id: 't-1' });
    // The item without its own iteration is placed with the decision that worked on its todo.
    const { groups } = groupEventsByIteration(events);
    expect(groups.map((g) => [g.key, g.items.map((e) => e.type)])).toEqual([
      ['planning', ['todo_task_item_created']],
      ['1', ['todo_task_item_completed']],
    ]);
    const run = await runSummary(fixture.app, runId);
    expect(run).toMatchObject({ status: 'completed', eventCount: 6, todos: { completed: 1, total: 1 }, iteration: 1 });
    const ended = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'x', data: {} } });
    expect(ended.statusCode).toBe(409);
    const file = await readFile(join(fixture.ws.root, 'Workflow/ResearchReport/runs', runId, 'events.jsonl'), 'utf8');
    expect(
      file
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as EventEnvelope).seq),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a batch with any bad event whole, with the path of each problem, storing nothing', async () => {
    const runId = await externalRun();
    const response = await fixture.app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: [
        { type: 'todo_task_item_created', data: { ...step, todo_id: 'ok', title: 'fine' } },
        { type: 'todo_task_route_selected', data: { ...step, iteration: 0, next_action: 'jump' } },
        { type: 'Not An Event', data: {} },
        { data: {} },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_events' });
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(['$[1].data.iteration', '$[1].data.next_action', '$[2].type', '$[3].type']);
    expect((await runEvents(fixture.app, runId)).map((e) => e.type)).toEqual(['run_status']);
    expect((await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: [] })).statusCode).toBe(400);
    const notJson = await fixture.app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('takes no ingested events into runs planvas drives, and validates the external run request', async () => {
    const start = await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport'), payload: { paceMs: 0 } });
    const runId = start.json().runId as string;
    await waitForStatus(fixture.app, runId, ['waiting_input']);
    expect((await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'x', data: {} } })).statusCode).toBe(409);
    expect((await fixture.app.inject({ method: 'POST', url: '/api/runs', payload: {} })).json().details).toEqual([
      { path: '$.workflowId', message: expect.any(String) },
    ]);
    expect((await fixture.app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: '../etc' } })).statusCode).toBe(400);
  });

  it('pages events with after and limit, and rejects bad numbers', async () => {
    const runId = await externalRun();
    await fixture.app.inject({
      method: 'POST',
      url: `/api/runs/${runId}/events`,
      payload: Array.from({ length: 9 }, (_, i) => ({ type: 'tick', data: { i } })),
    });
    const page = await fixture.app.inject({ url: `/api/runs/${runId}/events?after=3&limit=4` });
    expect(page.json().events.map((e: EventEnvelope) => e.seq)).toEqual([4, 5, 6, 7]);
    expect(page.json().lastSeq).toBe(10);
    expect((await fixture.app.inject({ url: `/api/runs/${runId}/events?after=abc` })).json()).toMatchObject({ statusCode: 400, details: [{ path: 'after' }] });
    expect((await fixture.app.inject({ url: `/api/runs/${runId}/events?limit=999999` })).statusCode).toBe(400);
  });
});

describe('POST /api/workflows/:id/runs/import', () => {
  it('imports the fixture decision log as a run grouped 1..7 (missing iteration = 1, numeric order)', async () => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: workflowRunsUrl('Workflow/ResearchReport', '/import'),
      payload: { stepId: 'research-todo' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const runId = response.json().runId as string;
    const run = await runSummary(fixture.app, runId);
    expect(run).toMatchObject({
      provider: 'import',
      status: 'completed',
      importedFrom: 'logs/research-todo/todo-task-execution.json',
      todos: { completed: 5, total: 5 },
      iteration: 7,
    });
    const events = await runEvents(fixture.app, runId);
    const decisions = events.filter((e) => e.type === 'todo_task_route_selected');
    expect(decisions.map((d) => d.data['iteration'])).toEqual([1, 3, 2, 4, 5, 6, 7]);
    expect(decisions[0]!.timestamp).toBe('2025-06-12T09:14:03+02:00');
    const { groups, completions } = groupEventsByIteration(events);
    expect(groups.map((g) => g.iteration)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(groups.map((g) => g.decisions[0]!.data['todo_id_to_execute'] || g.decisions[0]!.data['next_action'])).toEqual([
      'todo_3f9a1c2e',
      'todo_7b24d0e5',
      'todo_c81e4f09',
      'continue',
      'todo_52d7a9b1',
      'todo_e4a61b38',
      'complete',
    ]);
    expect(completions[0]!.data).toMatchObject({ step_id: 'research-todo', total_iterations: 7, total_todos_count: 5, completed_count: 5 });
  });

  it('imports posted JSON Lines text, and refuses bad logs whole with line paths', async () => {
    const text =
      '{"iteration":2,"step_id":"s","todo_task_response":{"next_action":"continue"}}\n{"step_id":"s","todo_task_response":{"next_action":"delegate","todo_id_to_execute":"t"}}\n';
    const ok = await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: { text } });
    expect(ok.statusCode, ok.body).toBe(201);
    const { groups } = groupEventsByIteration(await runEvents(fixture.app, ok.json().runId as string));
    expect(groups.map((g) => g.iteration)).toEqual([1, 2]);
    const before = (await fixture.app.inject({ url: '/api/runs' })).json().runs.length;
    const bad = await fixture.app.inject({
      method: 'POST',
      url: workflowRunsUrl('Workflow/ResearchReport', '/import'),
      payload: { text: '{"step_id":"s"}\nnope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['$[0].todo_task_response', '$[1]']);
    expect((await fixture.app.inject({ url: '/api/runs' })).json().runs.length).toBe(before);
    expect(
      (await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: { stepId: 'draft-outline' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: { stepId: '../planning' } })).statusCode,
    ).toBe(400);
    expect((await fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: {} })).statusCode).toBe(400);
  });

  it('refuses a log whose lines would make invalid events, at the place in the line, creating nothing', async () => {
    const before = (await fixture.app.inject({ url: '/api/runs' })).json().runs.length;
    const text = [
      '{"iteration":1,"step_id":"s","todo_task_response":{"next_action":"continue","selection_reasoning":5}}',
      '{"iteration":2,"step_id":"s","todo_summary":{"total":2.5},"todo_task_response":{"next_action":"complete"}}',
    ];
    const import_ = (lines: string[]) =>
      fixture.app.inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport', '/import'), payload: { text: lines.join('\n') } });
    const badResponse = await import_(text);
    expect(badResponse.statusCode).toBe(400);
    expect(badResponse.json()).toMatchObject({ code: 'decision_log_invalid', details: [{ path: '$[0].todo_task_response.selection_reasoning' }] });
    // The completion a final `complete` line implies carries the line's todo_summary counts.
    const badCompletion = await import_(['', text[1]!]);
    expect(badCompletion.statusCode).toBe(400);
    expect(badCompletion.json().details.map((d: { path: string }) => d.path)).toEqual(['$[1].todo_summary.total']);
    expect((await fixture.app.inject({ url: '/api/runs' })).json().runs.length).toBe(before);
  });
});
