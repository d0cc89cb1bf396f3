import { describe, expect, it } from 'vitest';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import { withActiveDelegation, withRunStates } from './run-decorations';

const { plan } = loadFixturePlan('Workflow/ResearchReport');
const flow = planToFlow(plan);
const byId = (nodes: typeof flow.nodes, id: string) => nodes.find((n) => n.id === id)!;

describe('run decorations', () => {
  it('puts statuses, leaf progress and the iteration on the nodes, touching only those that change', () => {
    const decor = {
      statuses: { 'research-todo': 'orchestrating', 'research-todo-sub-agent-literature': 'executing' } as const,
      carriedOver: {},
      todos: {
        'research-todo': {
          stepId: 'research-todo',
          iteration: 3,
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
    const cleared = withRunStates(nodes, { statuses: {}, carriedOver: {}, todos: {}, activeNodeId: null });
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('status');
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('progress');
    expect(byId(cleared, 'research-todo').data).not.toHaveProperty('iteration');
  });

  it('notes a status carried over from the run a branch started from, and drops the note when the step runs again', () => {
    const carried = withRunStates(flow.nodes, {
      statuses: { 'gather-sources': 'completed' },
      carriedOver: { 'gather-sources': 'run-1' },
      todos: {},
      activeNodeId: null,
    });
    expect(byId(carried, 'gather-sources').data).toMatchObject({ status: 'completed', statusNote: 'carried over from run run-1' });
    const rerun = withRunStates(carried, { statuses: { 'gather-sources': 'running' }, carriedOver: {}, todos: {}, activeNodeId: null });
    expect(byId(rerun, 'gather-sources').data).toMatchObject({ status: 'running' });
    expect(byId(rerun, 'gather-sources').data).not.toHaveProperty('statusNote');
  });

  it('animates the route edge into the sub-agent being delegated to, and its return', () => {
    const edges = withActiveDelegation(flow.edges, 'research-todo-sub-agent-fact-check');
    const active = edges.filter((e) => e.animated);
    expect(active.map((e) => e.data.kind).sort()).toEqual(['return', 'sub_agent']);
    expect(active.every((e) => e.className?.includes('is-active'))).toBe(true);
    expect(withActiveDelegation(flow.edges, null)).toBe(flow.edges);
  });
});
