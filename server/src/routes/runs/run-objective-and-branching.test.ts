// Changing a running run: editing its objective, and branching a new run from an iteration of another.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TodoList } from '@planvas/shared';
import { runEvents, startRun, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';
import { useFixtureApp } from '../../test-support/fixture-app';

const DEMO = 'Workflow/ResearchReport';
const fixture = useFixtureApp('each');
const start = (id: string, body?: Record<string, unknown>) => startRun(fixture.app, id, body);

describe('objective and branching', () => {
  it('records an objective edit as an event and applies it from the next orchestrator turn', async () => {
    await writeWorkflow(fixture.ws.root, 'Test/Objective', {
      steps: [{ type: 'human_input', id: 'ask', question: 'Go?', response_type: 'text' }, ...(todoTaskPlan({ routes: 1 }).steps as unknown[])],
    });
    const runId = await start('Test/Objective');
    await waitForStatus(fixture.app, runId, ['waiting_input']);
    const put = await fixture.app.inject({ method: 'PUT', url: `/api/runs/${runId}/objective`, payload: { objective: 'A sharper objective', stepId: 'work' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().event).toMatchObject({ type: 'objective_updated', data: { objective: 'A sharper objective', step_id: 'work', updated_by: 'user' } });
    expect((await fixture.app.inject({ method: 'PUT', url: `/api/runs/${runId}/objective`, payload: { objective: 5 } })).statusCode).toBe(400);
    await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'yes please' } });
    await waitForStatus(fixture.app, runId, ['completed', 'failed']);
    const snapshots = (await runEvents(fixture.app, runId)).filter((e) => e.type === 'todo_snapshot');
    expect(snapshots[0]!.data['objective']).toBe('Do the work');
    expect(snapshots.at(-1)!.data['objective']).toBe('A sharper objective');
    const todos = JSON.parse(await readFile(join(fixture.ws.root, 'Test/Objective/runs', runId, 'execution/work/todos.json'), 'utf8')) as TodoList;
    expect(todos.objective).toBe('A sharper objective');
  });

  it('continues from iteration k of a run: seeded todos and objective, linked to the parent, numbering from k+1', async () => {
    const parentId = await start(DEMO);
    await waitForStatus(fixture.app, parentId, ['waiting_input']);
    const parentEvents = await runEvents(fixture.app, parentId);
    const parentSnapshot2 = parentEvents.find((e) => e.type === 'todo_snapshot' && e.data['iteration'] === 2)!;

    const snapshotApi = await fixture.app.inject({ url: `/api/runs/${parentId}/snapshot?iteration=2` });
    expect(snapshotApi.json().snapshot).toEqual(parentSnapshot2.data);

    const childId = await start(DEMO, { paceMs: 0, from: { runId: parentId, iteration: 2 } });
    const child = await waitForStatus(fixture.app, childId, ['waiting_input', 'failed']);
    expect(child.status, child.error).toBe('waiting_input');
    expect(child.parent).toEqual({ runId: parentId, iteration: 2, stepId: 'research-todo' });
    const events = await runEvents(fixture.app, childId);
    expect(events[0]).toMatchObject({ type: 'run_status', data: { status: 'running', parent: { run_id: parentId, iteration: 2, step_id: 'research-todo' } } });
    const seeded = events.find((e) => e.type === 'todo_snapshot')!;
    expect(seeded.data).toMatchObject({ iteration: 2, reason: 'seeded', todos: parentSnapshot2.data['todos'], objective: parentSnapshot2.data['objective'] });
    // The branch starts at the todo_task step, not at the top of the plan: the step before it
    // ran in the parent and shows as completed there, carried over; the rest start pending.
    const running = events.filter((e) => e.type === 'step_status' && e.data['status'] === 'running').map((e) => e.data['step_id']);
    expect(running[0]).toBe('research-todo');
    const initial = new Map(
      events
        .filter((e) => e.type === 'step_status')
        .map((e) => [e.data['step_id'], e.data] as const)
        .reverse(),
    );
    expect(initial.get('gather-sources')).toMatchObject({ status: 'completed', carried_over_from: parentId });
    expect(initial.get('research-todo')).toMatchObject({ status: 'pending' });
    expect(initial.get('research-todo')).not.toHaveProperty('carried_over_from');
    expect(initial.get('publish-report')).toMatchObject({ status: 'pending' });
    expect(running).not.toContain('gather-sources');
    const iterations = events.filter((e) => e.type === 'todo_task_route_selected').map((e) => e.data['iteration']);
    expect(iterations).toEqual([3, 4, 5, 6]);
    // No todos were re-planned: the four remaining decisions work on the parent's todos.
    expect(events.some((e) => e.type === 'todo_task_item_created')).toBe(false);

    const list = (await fixture.app.inject({ url: `/api/runs?workflow=${encodeURIComponent(DEMO)}` })).json().runs as Array<{ id: string; parent?: unknown }>;
    expect(list.find((r) => r.id === childId)!.parent).toEqual({ runId: parentId, iteration: 2, stepId: 'research-todo' });

    const noSnapshot = await fixture.app.inject({
      method: 'POST',
      url: workflowRunsUrl(DEMO),
      payload: { paceMs: 0, from: { runId: parentId, iteration: 2, stepId: 'draft-outline' } },
    });
    expect(noSnapshot.statusCode).toBe(409);
  });
});
