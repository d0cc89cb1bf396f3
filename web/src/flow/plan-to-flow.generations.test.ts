import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { isDisplayId, isKnownStepType, walkSteps } from '@planvas/shared';
import { layout } from '../layout/elk-layout';
import { toLayoutInput } from '../layout/layout-input';
import { generationFixtureIds, loadGenerationFixture } from '../test/fixtures';
import { nodeHandles } from './definitions';
import type { CanvasNode } from './node-data';
import { planToFlow } from './plan-to-flow';

// Every workflow of fixtures/generations (one per format generation and layout), read as the app reads it.
const FIXTURES = generationFixtureIds();
const elk = new ELK();

function flowOf(workflow: string, direction: 'LR' | 'TB' = 'LR') {
  const { plan, stepConfig, problems } = loadGenerationFixture(workflow);
  return { plan, flow: planToFlow(plan, { direction, problems, stepConfig }) };
}

describe('plan-to-flow on every generation fixture', () => {
  it('finds the fixtures', () => {
    expect(FIXTURES).toEqual(
      expect.arrayContaining(['AgentItems', 'AgentworksCompact', 'AgentworksKeysOnLine', 'LoopTabsHugged', 'OldestIdless', 'ProblemsOnDisk']),
    );
  });

  describe.each(FIXTURES)('%s', (workflow) => {
    it('draws every step of a known kind as a node of that kind (no opaque box), an untyped one as regular', () => {
      const { plan, flow } = flowOf(workflow);
      const byStep = new Map(
        flow.nodes.filter((n) => n.type !== 'sub_agent' && 'step' in n.data).map((n) => [(n.data as { step: { id: string } }).step.id, n] as const),
      );
      for (const { step, scope } of walkSteps(plan)) {
        if (scope === 'sub_agent') continue;
        const node = byStep.get(step.id);
        expect(node, `no node for ${step.id}`).toBeDefined();
        const expected = step.type === undefined ? 'regular' : isKnownStepType(step.type) ? step.type : 'opaque';
        expect(node!.type, step.id).toBe(expected);
      }
    });

    it.each(['LR', 'TB'] as const)('gives every edge a source and target handle its nodes have (%s)', (direction) => {
      const { flow } = flowOf(workflow, direction);
      const nodes = new Map(flow.nodes.map((n) => [n.id, n] as const));
      for (const edge of flow.edges) {
        const source = nodes.get(edge.source);
        const target = nodes.get(edge.target);
        expect(source, `edge ${edge.id} from nowhere`).toBeDefined();
        expect(target, `edge ${edge.id} to nowhere`).toBeDefined();
        const handleIds = (node: CanvasNode) => nodeHandles(node, direction).map((h) => h.id);
        expect(handleIds(source!), `${edge.id}: ${edge.source} has no handle ${edge.sourceHandle}`).toContain(edge.sourceHandle);
        expect(handleIds(target!), `${edge.id}: ${edge.target} has no handle ${edge.targetHandle}`).toContain(edge.targetHandle);
      }
    });

    it('lays out with ELK in LR and TB: every node placed, no null ids', async () => {
      for (const direction of ['LR', 'TB'] as const) {
        const { flow } = flowOf(workflow, direction);
        for (const node of flow.nodes) expect(typeof node.id === 'string' && node.id !== '', `node id ${String(node.id)}`).toBe(true);
        const input = toLayoutInput(flow.nodes, flow.edges, direction);
        const positions = await layout(input.nodes, input.edges, direction, elk);
        expect(Object.keys(positions).sort()).toEqual(input.nodes.map((n) => n.id).sort());
      }
    });

    it('draws one edge from every route that refers to a shared orphan step to its one node', () => {
      const { plan, flow } = flowOf(workflow);
      const orphanIds = new Set((plan.orphan_steps ?? []).map((s) => s.id));
      for (const { step } of walkSteps(plan)) {
        const routes =
          (step as { predefined_routes?: Array<{ route_id: string; orphan_step_ref?: string | null; sub_agent_step?: unknown }> | null }).predefined_routes ??
          [];
        for (const route of routes) {
          if (route.sub_agent_step || !route.orphan_step_ref || !orphanIds.has(route.orphan_step_ref)) continue;
          const nodeId = flow.nodeIdOfStep.get(step.id);
          const edges = flow.edges.filter((e) => e.source === nodeId && e.sourceHandle === route.route_id);
          expect(
            edges.map((e) => e.target),
            `${step.id}:${route.route_id}`,
          ).toEqual([flow.nodeIdOfStep.get(route.orphan_step_ref)]);
          expect(flow.nodes.filter((n) => n.id === flow.nodeIdOfStep.get(route.orphan_step_ref!))).toHaveLength(1);
        }
      }
    });
  });

  it("flags a route to an orphan step once it is no longer shared with the route's step (LoopTabsHugged)", () => {
    const { plan, stepConfig } = loadGenerationFixture('LoopTabsHugged');
    const shared = planToFlow(plan, { stepConfig }).edges.find((e) => e.source === 'triage' && e.target === 'refund-policy');
    expect(shared?.data.problem).toBeUndefined();
    const unshared = { ...plan, orphan_steps: plan.orphan_steps?.map((s) => (s.id === 'refund-policy' ? { ...s, shared_with: { orchestrator_ids: [] } } : s)) };
    const flagged = planToFlow(unshared, { stepConfig }).edges.find((e) => e.source === 'triage' && e.target === 'refund-policy');
    expect(flagged?.data.problem).toBe('orphan step "refund-policy" is not shared with "triage"');
    expect(flagged?.ariaLabel).toContain('not shared');
  });

  it('flags a route to an orphan step that is not shared with it, and not one that is (ProblemsOnDisk, read as the checks read it)', () => {
    const { flow } = flowOf('ProblemsOnDisk');
    const toPlaybook = flow.edges.filter((e) => e.target === flow.nodeIdOfStep.get('escalation-playbook'));
    const bySource = Object.fromEntries(toPlaybook.map((e) => [e.source, e] as const));
    expect(bySource['triage']?.data.problem).toMatch(/not shared with "triage"/);
    expect(bySource['triage']?.className).toContain('has-problem');
    expect(bySource['triage']?.label).toBe('not shared');
    expect(bySource['follow-up']?.data.problem).toBeUndefined();
    expect(bySource['follow-up']?.className).not.toContain('has-problem');
  });

  it('draws id-less steps under their display id, with the problem on their node (OldestIdless)', () => {
    const { flow } = flowOf('OldestIdless');
    const idless = flow.nodes.filter((n) => 'step' in n.data && isDisplayId((n.data as { step: { id: string } }).step.id));
    expect(idless.length).toBeGreaterThanOrEqual(3);
    for (const node of idless) {
      expect(node.id).toMatch(/^\$\.steps\[\d+\]$/);
      expect((node.data as { problems: Array<{ code: string }> }).problems.length, node.id).toBeGreaterThan(0);
    }
  });

  it('gives orchestrators of the newer generations the generic agent, and seed-era todo_tasks only with the switch', () => {
    const compact = flowOf('AgentworksCompact').flow;
    expect(compact.nodes.find((n) => n.id === 'classify')?.data).toMatchObject({ genericAgent: true });
    expect(compact.nodes.some((n) => n.id === 'classify-sub-agent-generic')).toBe(true);
    expect(compact.edges.some((e) => e.source === 'classify' && e.sourceHandle === 'generic')).toBe(true);
  });

  it('puts the execution mode its step_config declares on the node, with the reason', () => {
    const { flow } = flowOf('AgentworksCompact');
    expect(flow.nodes.find((n) => n.id === 'standard-followup')?.data).toMatchObject({
      executionMode: { mode: 'agentic', canonical: 'agentic', older: false, reason: 'Address fixes need judgement.' },
    });
    expect('executionMode' in (flow.nodes.find((n) => n.id === 'classify')?.data ?? {})).toBe(false);
  });

  it('gives a branch one labelled handle per route with the default marked, a crew one output (AgentworksCompact)', () => {
    const { plan, flow } = flowOf('AgentworksCompact');
    const branch = flow.nodes.find((n) => n.type === 'branch')!;
    const step = branch.data.step as { routes: Array<{ route_id: string }>; default_route_id?: string };
    const handles = nodeHandles(branch, 'LR').filter((h) => h.type === 'source');
    expect(handles.map((h) => h.id)).toEqual(step.routes.map((r) => r.route_id));
    expect(handles.find((h) => h.id === step.default_route_id)?.label).toMatch(/\(default\)$/);
    const crew = flow.nodes.find((n) => n.type === 'crew')!;
    expect(nodeHandles(crew, 'TB').map((h) => `${h.type}:${h.id}:${h.position}`)).toEqual(['target:in:top', 'source:next:bottom']);
    expect(plan.steps.some((s) => s.type === 'crew')).toBe(true);
  });
});
