import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('StepNode (regular)', () => {
  it('has its input on the left and its next output on the right in LR', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('regular', 'gather-sources'), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
  });

  it('has its input on top and its output at the bottom in TB', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('regular', 'gather-sources'), 'TB');
    expect(handleSides(wrapper)).toEqual({ source: { next: 'bottom' }, target: { in: 'top' } });
  });

  it('shows its step number, title and context files, and no loop marker without has_loop', async () => {
    const { wrapper, queryByTestId } = await renderCanvasNode(fixtureNode('regular', 'gather-sources'), 'LR');
    expect(wrapper.querySelector('.pv-node__number')).toHaveTextContent('#1');
    expect(wrapper).toHaveTextContent('Gather Sources');
    expect(queryByTestId('context-outputs')).toHaveTextContent('sources.json');
    expect(queryByTestId('loop-marker')).toBeNull();
  });

  it('marks a looping step with its iteration limit', async () => {
    const { getByTestId, wrapper } = await renderCanvasNode(fixtureNode('regular', 'deep-analysis'), 'LR');
    expect(wrapper.querySelector('.pv-node__number')).toHaveTextContent('#5');
    expect(getByTestId('loop-marker')).toHaveTextContent('Loop ×3');
  });

  it('numbers a branch step after its conditional and marks the branch', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('regular', 'notify-editor'), 'LR');
    expect(wrapper.querySelector('.pv-node__number')).toHaveTextContent('#8.N2');
    expect(wrapper).toHaveTextContent('No branch');
  });

  it('shows the problems badge of the step', async () => {
    const { loadFixturePlan } = await import('../../../test/fixtures');
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const broken: Plan = { ...plan, steps: plan.steps.map((s) => (s.id === 'gather-sources' ? { ...s, next_step_id: 'nowhere' } : s)) };
    const { checkPlan } = await import('@planvas/shared');
    const { planToFlow } = await import('../../../flow/plan-to-flow');
    const node = planToFlow(broken, { problems: checkPlan(broken) }).nodes.find((n) => n.id === 'gather-sources')!;
    const { getByTestId, wrapper } = await renderCanvasNode(node, 'LR');
    expect(getByTestId('problems-badge')).toHaveTextContent('1');
    expect(getByTestId('problems-badge').getAttribute('title')).toMatch(/nowhere/);
    expect(wrapper.querySelector('.pv-node')).toHaveClass('has-problems');
  });

  it('styles a failed step', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('regular', 'gather-sources', { statuses: { 'gather-sources': 'failed' } }), 'LR');
    expect(wrapper.querySelector('.pv-node')).toHaveAttribute('data-status', 'failed');
    expect(getByTestId('status-badge')).toHaveTextContent('Failed');
  });

  it('says where a carried-over status comes from, in the badge title and for screen readers', async () => {
    const node = fixtureNode('regular', 'gather-sources', { statuses: { 'gather-sources': 'completed' } });
    const { getByTestId } = await renderCanvasNode({ ...node, data: { ...node.data, statusNote: 'carried over from run r-1' } }, 'LR');
    expect(getByTestId('status-badge')).toHaveAttribute('title', 'Completed (carried over from run r-1)');
    expect(getByTestId('status-badge')).toHaveTextContent('Completed (carried over from run r-1)');
  });
});
