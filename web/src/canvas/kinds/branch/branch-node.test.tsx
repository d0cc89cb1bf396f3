import { describe, expect, it } from 'vitest';
import type { BranchStep, Plan } from '@planvas/shared';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { BranchNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadGenerationFixture } from '../../../test/fixtures';

const { plan } = loadGenerationFixture('AgentworksCompact');
const branchNode = (p: Plan = plan) => planToFlow(p).nodes.find((n): n is BranchNode => n.type === 'branch')!;

describe('BranchNode', () => {
  it('has one labelled handle per route, the default marked (LR right, TB bottom)', async () => {
    const lr = await renderCanvasNode(branchNode(), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { expedite: 'right', standard: 'right' }, target: { in: 'left' } });
    expect([...lr.wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['Expedite', 'Standard (default)']);
    lr.unmount();
    const tb = await renderCanvasNode(branchNode(), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { expedite: 'bottom', standard: 'bottom' }, target: { in: 'top' } });
  });

  it('shows the value-driven form: route_source_file, value_path and how many cases', async () => {
    const { getByTestId } = await renderCanvasNode(branchNode(), 'LR');
    expect(getByTestId('branch-value')).toHaveTextContent('lane.json');
    expect(getByTestId('branch-value-path')).toHaveTextContent('{{steps.classify.output.lane}}');
    expect(getByTestId('branch-cases')).toHaveTextContent('3 cases');
    expect(getByTestId('branch-value-path').title).toContain('express → expedite');
  });

  it('an LLM-picked branch has no value row and is shorter', async () => {
    const step = plan.steps.find((s) => s.type === 'branch') as BranchStep;
    const { value_path: _p, value_cases: _c, route_source_file: _f, ...asked } = step;
    const node = branchNode({ ...plan, steps: plan.steps.map((s) => (s === step ? asked : s)) });
    const { queryByTestId } = await renderCanvasNode(node, 'LR');
    expect(queryByTestId('branch-value')).toBeNull();
    expect(node.height).toBeLessThan(branchNode().height!);
  });
});
