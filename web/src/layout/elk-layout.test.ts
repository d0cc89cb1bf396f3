// @vitest-environment node
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { planToFlow } from '../flow/plan-to-flow';
import type { SubAgentNode } from '../flow/node-data';
import { fixtureWorkflowIds, loadFixturePlan } from '../test/fixtures';
import { clockwiseIndex, layout, toElkGraph } from './elk-layout';
import { gridLayout } from './grid-layout';
import { toLayoutInput } from './layout-input';
import type { LayoutNode, Positions } from './layout-types';

// The pure layout with elkjs in node: the same function the browser runs inside its worker.
const elk = new ELK();

async function layOut(workflow: string, direction: 'LR' | 'TB') {
  const flow = planToFlow(loadFixturePlan(workflow).plan, { direction });
  const input = toLayoutInput(flow.nodes, flow.edges, direction);
  const positions = await layout(input.nodes, input.edges, direction, elk);
  return { flow, input, positions };
}

type Box = { x: number; y: number; width: number; height: number };
const boxOf = (positions: Positions, node: LayoutNode): Box => ({ ...positions[node.id]!, width: node.width, height: node.height });
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layout (ELK layered, pure)', () => {
  describe.each(fixtureWorkflowIds())('%s', (workflow) => {
    it.each(['LR', 'TB'] as const)('places every node without overlaps in %s', async (direction) => {
      const { input, positions } = await layOut(workflow, direction);
      expect(Object.keys(positions).sort()).toEqual(input.nodes.map((n) => n.id).sort());
      for (let i = 0; i < input.nodes.length; i++) {
        for (let j = i + 1; j < input.nodes.length; j++) {
          const a = input.nodes[i]!;
          const b = input.nodes[j]!;
          expect(overlaps(boxOf(positions, a), boxOf(positions, b)), `${a.id} overlaps ${b.id}`).toBe(false);
        }
      }
    });

    it('puts sub-agents right of their parent in LR and below it in TB, in route order', async () => {
      for (const direction of ['LR', 'TB'] as const) {
        const { flow, input, positions } = await layOut(workflow, direction);
        const size = new Map(input.nodes.map((n) => [n.id, n]));
        const subs = flow.nodes.filter((n): n is SubAgentNode => n.type === 'sub_agent');
        for (const sub of subs) {
          const parent = positions[sub.data.parentId]!;
          const parentSize = size.get(sub.data.parentId)!;
          const at = positions[sub.id]!;
          if (direction === 'LR') expect(at.x, `${sub.id} right of ${sub.data.parentId}`).toBeGreaterThanOrEqual(parent.x + parentSize.width);
          else expect(at.y, `${sub.id} below ${sub.data.parentId}`).toBeGreaterThanOrEqual(parent.y + parentSize.height);
        }
        // Siblings follow the order of their routes: top to bottom in LR, left to right in TB.
        const byParent = new Map<string, SubAgentNode[]>();
        for (const sub of subs) byParent.set(sub.data.parentId, [...(byParent.get(sub.data.parentId) ?? []), sub]);
        for (const siblings of byParent.values()) {
          const across = siblings.map((s) => (direction === 'LR' ? positions[s.id]!.y : positions[s.id]!.x));
          expect(across, siblings.map((s) => s.id).join(', ')).toEqual([...across].sort((a, b) => a - b));
        }
      }
    });
  });

  it('flows in the layout direction: each step of the demo chain starts after the one before it', async () => {
    const chain = ['__start__', 'gather-sources', 'research-todo', 'draft-outline', 'choose-depth'];
    for (const direction of ['LR', 'TB'] as const) {
      const { positions } = await layOut('Workflow/ResearchReport', direction);
      const along = chain.map((id) => (direction === 'LR' ? positions[id]!.x : positions[id]!.y));
      expect(along).toEqual([...along].sort((a, b) => a - b));
      expect(new Set(along).size).toBe(along.length);
    }
  });

  it('is deterministic', async () => {
    const a = await layOut('Workflow/ResearchReport', 'LR');
    const b = await layOut('Workflow/ResearchReport', 'LR');
    expect(a.positions).toEqual(b.positions);
  });
});

describe('ELK graph', () => {
  it('gives ports sides by direction and a clockwise fixed order (bottom ports run right to left)', () => {
    const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'TB' });
    const input = toLayoutInput(flow.nodes, flow.edges, 'TB');
    const todo = input.nodes.find((n) => n.id === 'research-todo')!;
    expect(todo.ports.map((p) => `${p.id}:${p.side}`)).toEqual([
      'in:NORTH',
      'literature:SOUTH',
      'data-extraction:SOUTH',
      'fact-check:SOUTH',
      'generic:SOUTH',
      'next:SOUTH',
    ]);
    const index = clockwiseIndex(todo.ports);
    // Clockwise from the top-left corner: the top port first, then the bottom ones from the right.
    expect(['in', 'next', 'generic', 'fact-check', 'data-extraction', 'literature'].map((id) => index.get(id))).toEqual([0, 1, 2, 3, 4, 5]);
    const graph = toElkGraph(input.nodes, input.edges, 'TB');
    const elkTodo = graph.children!.find((c) => c.id === 'research-todo')!;
    expect(elkTodo.layoutOptions).toEqual({ 'elk.portConstraints': 'FIXED_ORDER' });
    expect(graph.layoutOptions!['elk.direction']).toBe('DOWN');
    expect(toElkGraph(input.nodes, input.edges, 'LR').layoutOptions!['elk.direction']).toBe('RIGHT');
  });

  it('leaves return edges out of the layout (they run against the flow)', () => {
    const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan);
    const input = toLayoutInput(flow.nodes, flow.edges, 'LR');
    expect(input.edges).toHaveLength(flow.edges.filter((e) => e.data.kind !== 'return').length);
    expect(input.edges.some((e) => e.sourceHandle === 'return')).toBe(false);
  });

  it('skips edges to nodes that are not in the graph instead of failing the whole layout', async () => {
    const nodes: LayoutNode[] = [{ id: 'a', width: 100, height: 50, ports: [{ id: 'next', side: 'EAST', x: 100, y: 25 }] }];
    const positions = await layout(nodes, [{ id: 'e', source: 'a', sourceHandle: 'next', target: 'ghost', targetHandle: 'in' }], 'LR', elk);
    expect(Object.keys(positions)).toEqual(['a']);
  });
});

describe('gridLayout (the fallback)', () => {
  it('puts nodes on a grid in document order, flowing in the direction', () => {
    const nodes: LayoutNode[] = Array.from({ length: 5 }, (_, i) => ({ id: `n${i}`, width: 100, height: 40, ports: [] }));
    const lr = gridLayout(nodes, 'LR');
    expect(lr.n0).toEqual({ x: 0, y: 0 });
    expect(lr.n1!.x).toBeGreaterThan(lr.n0!.x);
    expect(lr.n3!.y).toBeGreaterThan(lr.n0!.y);
    const tb = gridLayout(nodes, 'TB');
    expect(tb.n1!.y).toBeGreaterThan(tb.n0!.y);
    expect(tb.n3!.x).toBeGreaterThan(tb.n0!.x);
  });
});
