import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope, TodoList } from '@planvas/shared';
import { engineHarness, tempRoot, todoTaskPlan, writeWorkflow, type EngineHarness, type TempRoot } from '../test-support/run-harness';
import { FileStateStore } from '../state/state-store';
import { WorkspaceRepository } from '../workspace/workspace-repository';
import { FileRunStore } from '../runs/file-run-store';
import type { AgentTask, OrchestratorTurn, Provider } from './providers/provider';
import { ScriptedProvider } from './providers/scripted';

let root: TempRoot;
let harness: EngineHarness | undefined;
beforeEach(async () => {
  root = await tempRoot();
  await writeWorkflow(root.root, 'W', todoTaskPlan({ routes: 2 }));
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await root.cleanup();
});

/** The scripted provider with one behaviour replaced. */
function scriptedWith(overrides: Partial<Provider>): Provider {
  const base = new ScriptedProvider();
  return {
    name: 'scripted',
    orchestrate: overrides.orchestrate ?? ((turn) => base.orchestrate(turn)),
    runAgent: overrides.runAgent ?? ((task) => base.runAgent(task)),
    choose: overrides.choose ?? ((request) => base.choose(request)),
  };
}

async function runToEnd(provider: Provider, options: Parameters<typeof engineHarness>[2] = {}, workflow = 'W') {
  harness = await engineHarness(root, provider, options);
  const run = await harness.engine.start(workflow, { paceMs: 0 });
  const outcome = await harness.engine.settled(run.id);
  await harness.runs.flush();
  const events = await harness.runs.events(run.id);
  return { run: harness.runs.get(run.id)!, outcome, events };
}

const errorOf = (events: EventEnvelope[]) => events.find((e) => e.type === 'run_error')?.data;

describe('executor faults', () => {
  it('a sub-agent error fails the step with the reason; the todo is left blocked in todos.json', async () => {
    const { run, outcome, events } = await runToEnd(
      scriptedWith({
        runAgent: async (task: AgentTask) => {
          if (task.route?.route_id === 'r2') throw new Error('the API answered 500');
          return new ScriptedProvider().runAgent(task);
        },
      }),
    );
    expect(outcome).toEqual({ status: 'failed', reason: expect.stringContaining('sub-agent "agent-2" failed on todo') });
    expect(run.error).toContain('the API answered 500');
    expect(errorOf(events)).toMatchObject({ kind: 'sub_agent', step_id: 'work' });
    expect(events.some((e) => e.type === 'step_status' && e.data['step_id'] === 'agent-2' && e.data['status'] === 'failed')).toBe(true);
    const todos = JSON.parse(await readFile(join(root.root, 'W/runs', run.id, 'execution/work/todos.json'), 'utf8')) as TodoList;
    const blocked = todos.todos.find((t) => t.assigned_agent === 'r2')!;
    expect(blocked).toMatchObject({ status: 'blocked', notes: 'Sub-agent failed: the API answered 500' });
    // The failed delegation's state is in the last snapshot too.
    const last = events.filter((e) => e.type === 'todo_snapshot').at(-1)!;
    expect((last.data['todos'] as Array<{ status: string }>).some((t) => t.status === 'blocked')).toBe(true);
  });

  it('a sub-agent that hangs times out, and the run fails with a timeout', async () => {
    const { outcome, events } = await runToEnd(scriptedWith({ runAgent: () => new Promise(() => undefined) }), { defaults: { subAgentTimeoutMs: 50 } });
    expect(outcome?.status).toBe('failed');
    expect(errorOf(events)).toMatchObject({ kind: 'timeout', message: expect.stringContaining('timed out after 50 ms') });
  });

  it('a provider that returns a malformed TodoTaskResponse fails the step with the paths of the problems', async () => {
    const { outcome, events } = await runToEnd(scriptedWith({ orchestrate: async () => ({ response: { next_action: 'delegate', todo_id_to_execute: 7 } }) }));
    expect(outcome?.status).toBe('failed');
    expect(errorOf(events)).toMatchObject({ kind: 'provider' });
    expect(String(errorOf(events)!['message'])).toContain('malformed TodoTaskResponse ($.todo_id_to_execute');
    expect(events.some((e) => e.type === 'todo_task_route_selected')).toBe(false);
  });

  it('a provider that delegates an unknown todo or route fails the step clearly', async () => {
    const unknownTodo = await runToEnd(
      scriptedWith({ orchestrate: async () => ({ response: { next_action: 'delegate', selected_route_id: 'r1', todo_id_to_execute: 'todo_nope' } }) }),
    );
    expect(unknownTodo.run.error).toBe('the orchestrator delegated todo "todo_nope", which is not in the todo list');
    await harness!.close();
    harness = undefined;
    const unknownRoute = await runToEnd(
      scriptedWith({
        orchestrate: async (turn: OrchestratorTurn) => {
          const todo = turn.todos.create({ title: 'x' });
          return { response: { next_action: 'delegate', selected_route_id: 'r9', todo_id_to_execute: todo.id } };
        },
      }),
    );
    expect(unknownRoute.run.error).toBe('the orchestrator chose route "r9", which step "work" does not have');
  });

  it('a provider that throws fails the step and keeps what it changed before', async () => {
    const { run, events } = await runToEnd(
      scriptedWith({
        orchestrate: async (turn: OrchestratorTurn) => {
          turn.todos.create({ title: 'made before the crash' });
          throw new Error('connection reset');
        },
      }),
    );
    expect(run.error).toBe('orchestrator turn 1 failed: connection reset');
    expect(events.find((e) => e.type === 'todo_task_item_created')!.data).toMatchObject({ title: 'made before the crash', iteration: 1 });
  });

  it('does not run a todo_task step whose id is not one folder name: its todos.json would leave the execution folder', async () => {
    const plan = todoTaskPlan({ routes: 1 });
    (plan['steps'] as Array<Record<string, unknown>>)[0]!['id'] = '../../../escape';
    await writeWorkflow(root.root, 'Esc', plan);
    const { outcome, events } = await runToEnd(new ScriptedProvider(), {}, 'Esc');
    expect(outcome).toEqual({ status: 'failed', reason: expect.stringContaining('step id "../../../escape" is not a single folder name') });
    expect(errorOf(events)).toMatchObject({ kind: 'unsupported_step', step_id: '../../../escape' });
    expect(existsSync(join(root.root, 'Esc/escape'))).toBe(false);
  });

  it('stops a plan that loops forever at the step cap', async () => {
    await writeWorkflow(root.root, 'Loop', { steps: [{ type: 'regular', id: 'again', next_step_id: 'again' }] });
    const { run, events } = await runToEnd(new ScriptedProvider(), { defaults: { maxSteps: 5 } }, 'Loop');
    expect(run.status).toBe('failed');
    expect(run.error).toBe('the run executed 5 steps without reaching the end; stopped to prevent an endless loop');
    expect(events.filter((e) => e.type === 'step_status' && e.data['status'] === 'running')).toHaveLength(5);
  });

  it('walks conditional branches and decisions by the shared flow rules', async () => {
    await writeWorkflow(root.root, 'Branches', {
      steps: [
        {
          type: 'conditional',
          id: 'check',
          if_true_steps: [
            { type: 'regular', id: 't1' },
            { type: 'regular', id: 't2' },
          ],
          if_false_steps: [{ type: 'regular', id: 'f1' }],
          if_true_next_step_id: 'decide',
        },
        { type: 'regular', id: 'skipped' },
        { type: 'decision', id: 'decide', if_true_next_step_id: 'end', if_false_next_step_id: 'skipped' },
      ],
    });
    const { run, events } = await runToEnd(new ScriptedProvider(), {}, 'Branches');
    expect(run.status).toBe('completed');
    expect(events.filter((e) => e.type === 'step_status' && e.data['status'] === 'running').map((e) => e.data['step_id'])).toEqual([
      'check',
      't1',
      't2',
      'decide',
    ]);
    expect(events.filter((e) => e.type === 'branch_taken').map((e) => [e.data['step_id'], e.data['handle'], e.data['next_step_id']])).toEqual([
      ['check', 'true', 't1'],
      ['decide', 'true', 'end'],
    ]);
  });
});

describe('run index', () => {
  it('marks runs that were going when planvas stopped as failed, and leaves external runs open', async () => {
    harness = await engineHarness(root, new ScriptedProvider());
    const slow = await harness.engine.start('W', { paceMs: 60_000 });
    const external = await harness.runs.create({ workflowId: 'W', provider: 'external' });
    await harness.runs.flush();
    // Simulate a crash: a second process opens the same files while the first never records an end.
    const crashed = harness;
    harness = undefined;
    const state = await FileStateStore.open(root.dataDir);
    expect(state.read().runs[slow.id]!.status).toBe('running');
    const runs = new FileRunStore({ state, workspace: await WorkspaceRepository.open(root.root) });
    expect(await runs.recoverInterrupted()).toEqual([slow.id]);
    expect(runs.get(slow.id)).toMatchObject({ status: 'failed', error: 'planvas stopped while the run was going; the run cannot continue' });
    expect(runs.get(external.id)!.status).toBe('running');
    const last = (await runs.events(slow.id)).at(-1)!;
    expect(last).toMatchObject({ type: 'run_status', data: { status: 'failed' } });
    await runs.close();
    await crashed.engine.close().catch(() => undefined);
  });
});

describe('big todo lists', () => {
  it('stores delta snapshots that read back exactly, keeps the run counts right, and branches from a delta iteration', async () => {
    await writeWorkflow(root.root, 'Big', todoTaskPlan({ routes: 120 }), { steps: [{ id: 'work', agent_configs: { execution_max_turns: 200 } }] });
    const { run, events } = await runToEnd(new ScriptedProvider(), {}, 'Big');
    expect(run.status, run.error).toBe('completed');
    const snapshots = events.filter((e) => e.type === 'todo_snapshot');
    expect(snapshots.some((e) => 'delta' in e.data)).toBe(true);
    expect(snapshots.some((e) => 'todos' in e.data && e.data['iteration'] !== 0)).toBe(true);
    // Each state equals the list in the matching todos.json shape: rebuild iteration 30 by hand from item events.
    const { materializeTodoSnapshots, todoStateAt } = await import('@planvas/shared');
    const resolved = materializeTodoSnapshots(events, 'work');
    const at30 = resolved.find((s) => s.iteration === 30)!;
    const completedBy30 = new Set(
      events.filter((e) => e.type === 'todo_task_item_completed' && Number(e.data['iteration']) <= 30).map((e) => e.data['todo_id']),
    );
    expect(
      at30.todos
        .filter((t) => t.status === 'completed')
        .map((t) => t.id)
        .sort(),
    ).toEqual([...completedBy30].sort());
    expect(at30.todos).toHaveLength(122);
    expect(run.todos).toEqual({ completed: 121, total: 121 });

    const child = await harness!.engine.start('Big', { paceMs: 0, from: { runId: run.id, iteration: 30 } });
    await harness!.engine.settled(child.id);
    const childEvents = await harness!.runs.events(child.id);
    const seeded = childEvents.find((e) => e.type === 'todo_snapshot')!;
    expect(seeded.data['todos']).toEqual(todoStateAt(events, { stepId: 'work', iteration: 30 })!.todos);
    expect(harness!.runs.get(child.id)!.status).toBe('completed');
  });
});
