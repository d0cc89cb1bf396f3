import { describe, expect, it } from 'vitest';
import type { EventEnvelope, TodoItem } from '@planvas/shared';
import { expectApiError } from '../../test-support/fixture-workspace';
import { useWorkflowApp } from '../../test-support/workflow-app';
import { runEvents, startRun, todoTaskPlan, waitForStatus, workflowRunsUrl, writeWorkflow } from '../../test-support/run-harness';

const WF = 'Test/Fork';
const t = useWorkflowApp({ [WF]: { plan: todoTaskPlan({ routes: 2 }) } });

const snapshotAt = async (runId: string, iteration: number) =>
  (await t.app.inject({ url: `/api/runs/${runId}/snapshot?iteration=${iteration}` })).json().snapshot as { todos: TodoItem[]; objective?: string };
const data = (events: EventEnvelope[], type: string) => events.filter((e) => e.type === type).map((e) => e.data);

describe('continue from an edited state', () => {
  it('starts from the edited todos and objective with the current plan, records what changed, and works the new todo', async () => {
    const parent = await startRun(t.app, WF);
    await waitForStatus(t.app, parent, ['completed']);
    const { todos } = await snapshotAt(parent, 1);
    // Iteration 1: "Route 1" (with two sub-todos, the first in progress) and "Route 2".
    expect(todos.map((t) => t.title)).toEqual(['Route 1', 'Route 1: gather inputs', 'Route 1: write results', 'Route 2']);
    // The plan has a third route since the parent ran.
    const plan = todoTaskPlan({ routes: 3 });
    await writeWorkflow(t.ws.root, WF, plan);

    const edited: TodoItem[] = [
      { ...todos[3]!, title: 'Route 2, reworded' },
      todos[0]!,
      todos[1]!,
      { id: 'mine', title: 'Check the sources', status: 'open', assigned_agent: 'r3', depth: 0 },
    ];
    const fork = await startRun(t.app, WF, { paceMs: 0, from: { runId: parent, iteration: 1, todos: edited, objective: 'A narrower objective' } });
    const run = await waitForStatus(t.app, fork, ['completed', 'failed']);
    expect(run.status, run.error).toBe('completed');

    const events = await runEvents(t.app, fork);
    const [seeded] = data(events, 'todo_snapshot');
    expect(seeded).toMatchObject({ reason: 'seeded', objective: 'A narrower objective', seeded_from: { run_id: parent, iteration: 1 } });
    expect(seeded!['edited']).toEqual({
      added: ['mine'],
      removed: [todos[2]!.id],
      changed: [todos[3]!.id],
      reordered: true,
      objective: { before: 'Do the work', after: 'A narrower objective' },
    });
    // The new todo went to the route the plan has only now.
    const delegations = data(events, 'todo_task_route_selected').filter((d) => d['next_action'] === 'delegate');
    expect(delegations.find((d) => d['todo_id_to_execute'] === 'mine')).toMatchObject({ selected_route_id: 'r3' });
    expect(data(events, 'todo_task_item_completed').map((d) => d['todo_id'])).toContain('mine');
    expect(data(events, 'todo_task_route_selected')[0]!['iteration']).toBe(2);
  });

  it('a fork without edits records none', async () => {
    const parent = await startRun(t.app, WF);
    await waitForStatus(t.app, parent, ['completed']);
    const fork = await startRun(t.app, WF, { paceMs: 0, from: { runId: parent, iteration: 1, todos: (await snapshotAt(parent, 1)).todos } });
    await waitForStatus(t.app, fork, ['completed']);
    expect(data(await runEvents(t.app, fork), 'todo_snapshot')[0]!['edited']).toBeUndefined();
  });

  it('refuses an edited list with an id used twice, naming the second; no run is made', async () => {
    const parent = await startRun(t.app, WF);
    await waitForStatus(t.app, parent, ['completed']);
    const before = (await t.app.inject({ url: `/api/runs?workflow=${encodeURIComponent(WF)}` })).json().runs.length as number;
    const twice = [
      { id: 'a', title: 'A', status: 'open' },
      { id: 'a', title: 'A again', status: 'open' },
    ];
    const refused = await t.app.inject({ method: 'POST', url: workflowRunsUrl(WF), payload: { from: { runId: parent, iteration: 1, todos: twice } } });
    expectApiError(refused, 400);
    expect(refused.json().details).toEqual([expect.objectContaining({ path: '$.from.todos[1].id' })]);
    expect((await t.app.inject({ url: `/api/runs?workflow=${encodeURIComponent(WF)}` })).json().runs).toHaveLength(before);
  });
});
