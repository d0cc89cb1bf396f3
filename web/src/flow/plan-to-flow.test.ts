import { describe, expect, it } from 'vitest';
import { checkPlan, walkSteps, type Plan } from '@planvas/shared';
import { fixtureWorkflowIds, loadFixturePlan } from '../test/fixtures';
import { nodeHandles } from './definitions';
import type { CanvasEdge } from './edge-data';
import { END_NODE_ID, START_NODE_ID, type CanvasNode } from './node-data';
import { planToFlow } from './plan-to-flow';

const ids = (nodes: CanvasNode[], type?: CanvasNode['type']) => nodes.filter((n) => !type || n.type === type).map((n) => n.id);
const edge = (edges: CanvasEdge[], id: string) => {
  const found = edges.find((e) => e.id === id);
  if (!found) throw new Error(`no edge ${id}; edges: ${edges.map((e) => e.id).join(', ')}`);
  return found;
};
const kindCounts = (edges: CanvasEdge[]) => edges.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.data.kind]: (acc[e.data.kind] ?? 0) + 1 }), {});
const STEP_TYPES = new Set(['regular', 'todo_task', 'orchestration', 'routing', 'conditional', 'decision', 'human_input', 'opaque']);

describe('planToFlow on every fixture workflow', () => {
  const workflows = fixtureWorkflowIds();

  it('finds the fixture workflows (the legacy one included)', () => {
    expect(workflows).toEqual([
      'Team/Ops/FourSpaceIndent',
      'Workflow/LegacyOnboarding',
      'Workflow/NoFinalNewline',
      'Workflow/ResearchReport',
      'Workflow/UnknownStepType',
    ]);
  });

  describe.each(workflows)('%s', (workflow) => {
    const { plan } = loadFixturePlan(workflow);
    const before = JSON.stringify(plan);
    const flow = planToFlow(plan, { problems: checkPlan(plan) });

    it('makes one node per step (main, branch and sub-agent), unique ids, plus start and end', () => {
      const visits = [...walkSteps(plan)];
      const generic = visits.filter((v) => v.step.type === 'todo_task' && (v.step as { enable_generic_agent?: boolean }).enable_generic_agent === true).length;
      expect(flow.nodes).toHaveLength(visits.length + generic + 2);
      expect(new Set(ids(flow.nodes)).size).toBe(flow.nodes.length);
      expect(flow.nodes[0]?.id).toBe(START_NODE_ID);
      expect(ids(flow.nodes)).toContain(END_NODE_ID);
    });

    it.each(['LR', 'TB'] as const)('gives every node its size and React Flow handles on the sides of its definition in %s', (direction) => {
      for (const node of planToFlow(plan, { direction }).nodes) {
        const specs = nodeHandles(node, direction);
        expect(node.width! * node.height!, node.id).toBeGreaterThan(0);
        expect(
          node.handles?.map((h) => [h.id, h.type, h.position]),
          node.id,
        ).toEqual(specs.map((h) => [h.id, h.type, h.position]));
        for (const handle of node.handles ?? []) {
          // Centred on its side: inputs on the left / top, outputs on the right / bottom.
          const centre = { x: handle.x + handle.width! / 2, y: handle.y + handle.height! / 2 };
          const side = handle.position;
          if (side === 'left') expect(centre.x).toBe(0);
          if (side === 'right') expect(centre.x).toBe(node.width);
          if (side === 'top') expect(centre.y).toBe(0);
          if (side === 'bottom') expect(centre.y).toBe(node.height);
          expect(direction === 'LR' ? ['left', 'right'] : ['top', 'bottom'], `${node.id}/${handle.id}`).toContain(side);
        }
      }
    });

    it('connects only existing nodes, through handles those nodes have, in both directions', () => {
      const byId = new Map(flow.nodes.map((n) => [n.id, n]));
      for (const direction of ['LR', 'TB'] as const) {
        for (const e of flow.edges) {
          const source = byId.get(e.source);
          const target = byId.get(e.target);
          expect(source, e.id).toBeDefined();
          expect(target, e.id).toBeDefined();
          const sourceHandles = nodeHandles(source!, direction);
          const targetHandles = nodeHandles(target!, direction);
          expect(
            sourceHandles.filter((h) => h.type === 'source').map((h) => h.id),
            e.id,
          ).toContain(e.sourceHandle);
          // Return edges end on the parent's route handle (a source handle; loose connection mode).
          const accepting = e.data.kind === 'return' ? targetHandles : targetHandles.filter((h) => h.type === 'target');
          expect(
            accepting.map((h) => h.id),
            e.id,
          ).toContain(e.targetHandle);
        }
      }
      expect(new Set(flow.edges.map((e) => e.id)).size).toBe(flow.edges.length);
    });

    it('gives every node its size and leaves positions to the layout', () => {
      for (const node of flow.nodes) {
        expect(node.width).toBeGreaterThan(0);
        expect(node.height).toBeGreaterThan(0);
        expect(node.position).toEqual({ x: 0, y: 0 });
      }
    });

    it('keeps node data plain JSON and leaves the plan untouched', () => {
      for (const node of flow.nodes) expect(JSON.parse(JSON.stringify(node.data))).toEqual(node.data);
      expect(JSON.stringify(plan)).toBe(before);
      expect(before).not.toMatch(/"position"/);
    });

    it('pairs every sub-agent with a dashed route edge from its parent and a return edge back', () => {
      for (const sub of flow.nodes.filter((n) => n.type === 'sub_agent')) {
        const route = flow.edges.filter((e) => e.target === sub.id && e.data.kind === 'sub_agent');
        const back = flow.edges.filter((e) => e.source === sub.id && e.data.kind === 'return');
        expect(route, sub.id).toHaveLength(1);
        expect(route[0]).toMatchObject({ source: sub.data.parentId, sourceHandle: sub.data.routeId, targetHandle: 'top' });
        expect(back, sub.id).toHaveLength(1);
        expect(back[0]).toMatchObject({ target: sub.data.parentId, targetHandle: sub.data.routeId, sourceHandle: 'return' });
        expect(route[0]!.className).toContain('pv-edge-tone--route');
      }
    });
  });
});

describe('planToFlow: Workflow/ResearchReport (every step type)', () => {
  const { plan, problems } = loadFixturePlan('Workflow/ResearchReport');
  const flow = planToFlow(plan, { problems });

  it('has 15 step nodes (12 main + 3 branch) and 6 sub-agents (5 routes + the generic agent)', () => {
    expect(flow.nodes.filter((n) => STEP_TYPES.has(n.type))).toHaveLength(15);
    expect(ids(flow.nodes, 'sub_agent')).toEqual([
      'research-todo-sub-agent-literature',
      'research-todo-sub-agent-data-extraction',
      'research-todo-sub-agent-fact-check',
      'research-todo-sub-agent-generic',
      'draft-outline-sub-agent-narrative',
      'draft-outline-sub-agent-structured',
    ]);
    expect(
      Object.fromEntries(
        ['todo_task', 'orchestration', 'routing', 'human_input', 'conditional', 'decision', 'regular'].map((t) => [
          t,
          ids(flow.nodes, t as CanvasNode['type']).length,
        ]),
      ),
    ).toEqual({
      todo_task: 1,
      orchestration: 1,
      routing: 1,
      human_input: 1,
      conditional: 1,
      decision: 1,
      regular: 9,
    });
  });

  it('uses step ids for nodes and route ids for handles (they differ on purpose)', () => {
    const literature = flow.nodes.find((n) => n.id === 'research-todo-sub-agent-literature');
    expect(literature?.type === 'sub_agent' && literature.data.step.id).toBe('literature-reviewer');
    expect(flow.nodeIdOfStep.get('literature-reviewer')).toBe('research-todo-sub-agent-literature');
    expect(flow.nodeIdOfStep.get('outline-orchestrator')).toBeUndefined();
  });

  it('has the flow edges of the shared buildFlow, by kind', () => {
    expect(kindCounts(flow.edges)).toEqual({ start: 1, next: 11, route: 3, option: 3, true: 2, false: 2, sub_agent: 6, return: 6 });
  });

  it('falls through to the next step in the list, follows explicit next ids and ends at end', () => {
    expect(edge(flow.edges, 'gather-sources:next->research-todo').data).toEqual({ kind: 'next', backward: false });
    expect(edge(flow.edges, 'publish-report:next->__end__').target).toBe(END_NODE_ID);
    expect(flow.edges.some((e) => e.source === 'publish-report' && e.target === 'revise-scope')).toBe(false);
    expect(edge(flow.edges, `${START_NODE_ID}->gather-sources`).data.kind).toBe('start');
  });

  it('labels routing routes, human options and conditional / decision branches', () => {
    expect(edge(flow.edges, 'choose-depth:deep-dive->deep-analysis')).toMatchObject({ sourceHandle: 'deep-dive', label: 'Deep Dive', data: { kind: 'route' } });
    expect(edge(flow.edges, 'editor-review:option-2->fact-audit')).toMatchObject({ sourceHandle: 'option-2', label: 'audit', data: { kind: 'option' } });
    expect(edge(flow.edges, 'quality-gate:true->format-citations')).toMatchObject({ label: 'Yes', data: { kind: 'true' } });
    expect(edge(flow.edges, 'quality-gate:false->flag-gaps')).toMatchObject({ label: 'No', data: { kind: 'false' } });
    expect(edge(flow.edges, 'final-decision:true->publish-report')).toMatchObject({ label: 'Yes', sourceHandle: 'true' });
    expect(edge(flow.edges, 'final-decision:false->revise-scope')).toMatchObject({ label: 'No', sourceHandle: 'false' });
  });

  it('marks the jumps back to earlier steps as loops', () => {
    const loops = flow.edges.filter((e) => e.data.backward).map((e) => e.id);
    expect(loops.sort()).toEqual(['deep-analysis:next->choose-depth', 'editor-review:option-1->draft-report', 'revise-scope:next->draft-report']);
    for (const id of loops) expect(edge(flow.edges, id).className).toContain('pv-edge--loop');
  });

  it('draws todo_task routes to their sub-agents in route order, from the route_id handles to `top`', () => {
    const routes = flow.edges.filter((e) => e.source === 'research-todo' && e.data.kind === 'sub_agent');
    expect(routes.map((e) => [e.sourceHandle, e.target, e.targetHandle])).toEqual([
      ['literature', 'research-todo-sub-agent-literature', 'top'],
      ['data-extraction', 'research-todo-sub-agent-data-extraction', 'top'],
      ['fact-check', 'research-todo-sub-agent-fact-check', 'top'],
      ['generic', 'research-todo-sub-agent-generic', 'top'],
    ]);
  });

  it('numbers main steps and the steps nested in conditional branches', () => {
    const number = (id: string) => {
      const node = flow.nodes.find((n) => n.id === id);
      return node && 'number' in node.data ? node.data.number : undefined;
    };
    expect([
      number('gather-sources'),
      number('quality-gate'),
      number('format-citations'),
      number('flag-gaps'),
      number('notify-editor'),
      number('revise-scope'),
    ]).toEqual(['1', '8', '8.Y1', '8.N1', '8.N2', '12']);
  });
});

describe('planToFlow: other fixtures', () => {
  it('LegacyOnboarding (promoted): 3 step nodes and 3 sub-agents, the nested one under its sub-agent parent', () => {
    const { plan, legacy } = loadFixturePlan('Workflow/LegacyOnboarding');
    expect(legacy).toBe(true);
    const flow = planToFlow(plan);
    expect(flow.nodes.filter((n) => STEP_TYPES.has(n.type)).map((n) => n.id)).toEqual(['collect-employee-info', 'onboarding-tasks', 'send-welcome']);
    expect(ids(flow.nodes, 'sub_agent')).toEqual([
      'onboarding-tasks-sub-agent-accounts',
      'provision-accounts-sub-agent-email',
      'onboarding-tasks-sub-agent-equipment',
    ]);
    const email = flow.nodes.find((n) => n.id === 'provision-accounts-sub-agent-email');
    expect(email?.type === 'sub_agent' && email.data.parentId).toBe('onboarding-tasks-sub-agent-accounts');
    expect(edge(flow.edges, 'onboarding-tasks:next->send-welcome').data.kind).toBe('next');
    for (const innerId of ['onboarding-orchestrator', 'provision-accounts-orchestrator']) expect(flow.nodeIdOfStep.has(innerId)).toBe(false);
  });

  it('FourSpaceIndent: 3 step nodes, 1 sub-agent, routing to end and back', () => {
    const flow = planToFlow(loadFixturePlan('Team/Ops/FourSpaceIndent').plan);
    expect(flow.nodes.filter((n) => STEP_TYPES.has(n.type))).toHaveLength(3);
    expect(ids(flow.nodes, 'sub_agent')).toEqual(['triage-incidents-sub-agent-restart-service']);
    expect(edge(flow.edges, 'route-severity:all-clear->__end__').data).toEqual({ kind: 'route', backward: false });
    expect(edge(flow.edges, 'route-severity:recheck->check-alerts').data).toEqual({ kind: 'route', backward: true });
  });

  it('UnknownStepType: 4 step nodes, one opaque, 1 route sub-agent (untyped -> regular) and the generic agent', () => {
    const flow = planToFlow(loadFixturePlan('Workflow/UnknownStepType').plan);
    expect(flow.nodes.filter((n) => STEP_TYPES.has(n.type)).map((n) => `${n.type}:${n.id}`)).toEqual([
      'regular:fetch-listings',
      'opaque:scrape-portal',
      'todo_task:summarize-listings',
      'regular:publish-digest',
    ]);
    expect(ids(flow.nodes, 'sub_agent')).toEqual(['summarize-listings-sub-agent-neighbourhood-summary', 'summarize-listings-sub-agent-generic']);
    expect(edge(flow.edges, 'scrape-portal:next->summarize-listings').data.kind).toBe('next');
  });

  it('NoFinalNewline: 2 step nodes, no sub-agents', () => {
    const flow = planToFlow(loadFixturePlan('Workflow/NoFinalNewline').plan);
    expect(flow.nodes.map((n) => n.id)).toEqual([START_NODE_ID, 'tidy-resume', 'review-resume', END_NODE_ID]);
    expect(flow.edges.map((e) => e.id)).toEqual([`${START_NODE_ID}->tidy-resume`, 'tidy-resume:next->review-resume', 'review-resume:next->__end__']);
  });
});

describe('planToFlow: problems, statuses, odd plans', () => {
  it('puts problems on the node of the step they name, sub-agents included', () => {
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const broken = structuredClone(plan) as Plan;
    (broken.steps[0] as { next_step_id?: string }).next_step_id = 'missing-step';
    const flow = planToFlow(broken, {
      problems: [
        ...checkPlan(broken),
        { code: 'schema', severity: 'warning', path: '$.steps[1].predefined_routes[0].sub_agent_step', message: 'odd', stepId: 'literature-reviewer' },
      ],
    });
    const problemsOf = (id: string) => {
      const node = flow.nodes.find((n) => n.id === id);
      return node && 'problems' in node.data ? node.data.problems.map((p) => p.code) : [];
    };
    expect(problemsOf('gather-sources')).toEqual(['unknown_target']);
    expect(problemsOf('research-todo-sub-agent-literature')).toEqual(['schema']);
    expect(problemsOf('research-todo')).toEqual(['unreachable_step']);
    expect(problemsOf('research-todo-sub-agent-fact-check')).toEqual([]);
    // The edge to a step that does not exist is not drawn.
    expect(flow.edges.some((e) => e.source === 'gather-sources' && e.data.kind === 'next')).toBe(false);
  });

  it('puts run statuses on nodes by node id', () => {
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const flow = planToFlow(plan, { statuses: { 'research-todo': 'orchestrating', 'research-todo-sub-agent-literature': 'executing' } });
    const status = (id: string) => {
      const node = flow.nodes.find((n) => n.id === id);
      return node && 'status' in node.data ? node.data.status : undefined;
    };
    expect([status('research-todo'), status('research-todo-sub-agent-literature'), status('gather-sources')]).toEqual([
      'orchestrating',
      'executing',
      undefined,
    ]);
  });

  it('keeps a node for each duplicated step id', () => {
    const plan: Plan = {
      steps: [
        { type: 'regular', id: 'a' },
        { type: 'regular', id: 'a' },
        { type: 'regular', id: 'b' },
      ],
    };
    expect(ids(planToFlow(plan).nodes)).toEqual([START_NODE_ID, 'a', 'a~2', 'b', END_NODE_ID]);
  });

  it('draws an empty plan as nothing at all', () => {
    expect(planToFlow({ steps: [] })).toMatchObject({ nodes: [], edges: [] });
  });

  it('sizes rails by direction: rows grow a todo_task taller in LR, slots wider in TB', () => {
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const size = (direction: 'LR' | 'TB') => {
      const node = planToFlow(plan, { direction }).nodes.find((n) => n.id === 'research-todo')!;
      return { width: node.width!, height: node.height! };
    };
    expect(size('LR').height).toBeGreaterThan(size('TB').height);
    expect(size('TB').width).toBeGreaterThan(size('LR').width);
  });
});
