import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { planToFlow } from '../flow/plan-to-flow';
import type { CanvasNode } from '../flow/node-data';
import { minimapPaths, PlanMiniMap } from './plan-minimap';
import { loadFixturePlan } from '../test/fixtures';

const placed = (nodes: CanvasNode[]): CanvasNode[] => nodes.map((n, i) => ({ ...n, position: { x: i * 300, y: (i % 3) * 100 } }));

describe('minimapPaths', () => {
  it('draws every visible node once, one path per kind, within the bounds', () => {
    const nodes = placed(planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'LR' }).nodes);
    const { bounds, paths } = minimapPaths(nodes);
    const boxes = paths.reduce((sum, p) => sum + (p.d.match(/M/g)?.length ?? 0), 0);
    expect(boxes).toBe(nodes.length);
    expect(new Set(paths.map((p) => p.type))).toEqual(new Set(nodes.map((n) => n.type)));
    const right = Math.max(...nodes.map((n) => n.position.x + (n.width ?? 0)));
    expect(bounds).toEqual({ x: 0, y: 0, width: right, height: Math.max(...nodes.map((n) => n.position.y + (n.height ?? 0))) });
  });

  it('leaves hidden nodes out and has no bounds without nodes', () => {
    const [a, b] = placed(planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'LR' }).nodes);
    const { paths } = minimapPaths([a!, { ...b!, hidden: true }]);
    expect(paths.map((p) => p.d.match(/M/g)?.length)).toEqual([1]);
    expect(minimapPaths([])).toEqual({ bounds: null, paths: [] });
  });
});

describe('PlanMiniMap', () => {
  it('renders one element per kind, not per node, filled with the kind colour', () => {
    const nodes = placed(planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'LR' }).nodes);
    const { getByTestId } = render(
      <ReactFlowProvider>
        <PlanMiniMap nodes={nodes} size={{ width: 160, height: 120 }} />
      </ReactFlowProvider>,
    );
    const kinds = getByTestId('rf__minimap').querySelectorAll('path.pv-minimap__nodes');
    expect(kinds.length).toBe(new Set(nodes.map((n) => n.type)).size);
    expect(kinds.length).toBeLessThan(nodes.length);
    const todo = getByTestId('rf__minimap').querySelector<SVGPathElement>('path[data-kind="todo_task"]');
    expect(todo?.style.fill).toContain('--pv-minimap-todo_task');
    expect(getByTestId('rf__minimap').querySelector('.react-flow__minimap-mask')).not.toBeNull();
  });
});
