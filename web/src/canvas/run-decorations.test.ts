import { describe, expect, it } from 'vitest';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import type { WorkflowDocument } from '../api/types';
import { createAppStore } from '../store/app-store';
import { envelope } from '../test/log-events';
import { runDecorOf, withActiveDelegation, withRunStates } from './run-decorations';

const { plan } = loadFixturePlan('Workflow/ResearchReport');
const flow = planToFlow(plan);
const byId = (nodes: typeof flow.nodes, id: string) => nodes.find((n) => n.id === id)!;

describe('run decorations', () => {
  it('puts statuses, leaf progress and the iteration on the nodes, touching only those that change', () => {
    const decor = {
      statuses: { 'research-todo': 'orchestrating', 'research-todo-sub-agent-literature': 'executing' } as const,
      notes: {},
      todos: {
        'research-todo': {
          stepId: 'research-todo',
          iteration: 3,
          listFrom: 'snapshot' as const,
          todos: [
            { id: 'a', title: 'A', status: 'completed' },
            { id: 'a1', title: 'A1', status: 'completed', depth: 1 },
            { id: 'b', title: 'B', status: 'open' },
          ],
        },
      },
      activeNodeId: 'research-todo-sub-agent-literature',
    };
    const nodes = withRunStates(flow.nodes, decor);
    expect(byId(nodes, 'research-todo').data).toMatchObject({ status: 'orchestrating', progress: { completed: 1, total: 2 }, iteration: 3 });
    expect(byId(nodes, 'research-todo-sub-agent-literature').data).toMatchObject({ status: 'executing' });
    expect(byId(nodes, 'gather-sources')).toBe(byId(flow.nodes, 'gather-sources'));
    // Nothing new: the same array back.
    expect(withRunStates(nodes, decor)).toBe(nodes);
    // No run any more: statuses and progress go away.
    const cleared = withRunStates(nodes, { statuses: {}, notes: {}, todos: {}, activeNodeId: null });
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('status');
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('progress');
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('iteration');
  });

  it('counts a step known only from its decisions by their summary, as the runs list does', () => {
    const decor = {
      statuses: {},
      notes: {},
      todos: { 'research-todo': { stepId: 'research-todo', iteration: 2, todos: [], summary: { total: 6, completed: 4 } } },
      activeNodeId: null,
    };
    expect(byId(withRunStates(flow.nodes, decor), 'research-todo').data).toMatchObject({ progress: { completed: 4, total: 6 }, iteration: 2 });
  });

  it("puts a status' note on the node (carried over from a run), and drops it when the status changes", () => {
    const carried = withRunStates(flow.nodes, {
      statuses: { 'gather-sources': 'completed' },
      notes: { 'gather-sources': 'carried over from #1' },
      todos: {},
      activeNodeId: null,
    });
    expect(byId(carried, 'gather-sources').data).toMatchObject({ status: 'completed', statusNote: 'carried over from #1' });
    const rerun = withRunStates(carried, { statuses: { 'gather-sources': 'running' }, notes: {}, todos: {}, activeNodeId: null });
    expect(byId(rerun, 'gather-sources').data).toMatchObject({ status: 'running' });
    expect(byId(rerun, 'gather-sources').data).not.toHaveProperty('statusNote');
  });

  it('derives the drawn statuses from the store, keeping their identity until the run changes', () => {
    const document = { id: 'Workflow/ResearchReport', plan, problems: [] } as unknown as WorkflowDocument;
    const store = createAppStore({ document, followedRunId: 'r1' });
    store
      .getState()
      .ingestRunEvents('r1', [
        envelope(1, 'step_status', { step_id: 'editor-review', status: 'running', step_type: 'human_input' }),
        envelope(2, 'human_input_requested', { step_id: 'editor-review', question: 'Approve it?' }),
        envelope(3, 'run_status', { status: 'waiting_input' }),
      ]);
    const first = runDecorOf(store.getState());
    expect(first.statuses).toEqual({ 'editor-review': 'waiting' });
    store.getState().toast({ tone: 'info', message: 'unrelated' });
    expect(runDecorOf(store.getState()).statuses).toBe(first.statuses);
    store.getState().ingestRunEvents('r1', [envelope(4, 'human_input_answered', { step_id: 'editor-review', answer: 'yes' })]);
    expect(runDecorOf(store.getState()).statuses).toEqual({ 'editor-review': 'running' });
  });

  it('animates the route edge into the sub-agent being delegated to, and its return', () => {
    const edges = withActiveDelegation(flow.edges, 'research-todo-sub-agent-fact-check');
    const active = edges.filter((e) => e.animated);
    expect(active.map((e) => e.data.kind).sort()).toEqual(['return', 'sub_agent']);
    expect(active.every((e) => e.className?.includes('is-active'))).toBe(true);
    expect(withActiveDelegation(flow.edges, null)).toBe(flow.edges);
  });
});
