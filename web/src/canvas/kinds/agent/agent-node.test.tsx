import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { AgentNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadGenerationFixture } from '../../../test/fixtures';

const { plan, stepConfig } = loadGenerationFixture('AgentItems');
const agentNode = (id: string, p: Plan = plan, statuses = {}) =>
  planToFlow(p, { statuses, stepConfig }).nodes.find((n): n is AgentNode => n.type === 'agent' && n.id === id)!;

describe('AgentNode', () => {
  it('draws an agent with routes as an orchestrator: one handle per route_id, the generic agent and next (LR right, TB bottom)', async () => {
    const lr = await renderCanvasNode(agentNode('reconcile'), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { vendors: 'right', 'tax-check': 'right', generic: 'right', next: 'right' }, target: { in: 'left' } });
    expect(lr.getByTestId('open-execution-logs')).toBeInTheDocument();
    lr.unmount();
    const tb = await renderCanvasNode(agentNode('reconcile'), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { vendors: 'bottom', 'tax-check': 'bottom', generic: 'bottom', next: 'bottom' }, target: { in: 'top' } });
  });

  it('lists its items in order with an icon per type, and a foreach with its max iterations', async () => {
    const { getAllByTestId, getByTestId } = await renderCanvasNode(agentNode('reconcile'), 'LR');
    expect(getAllByTestId('item-row').map((r) => r.dataset.itemType)).toEqual(['user_message', 'foreach', 'prevalidation']);
    expect(getAllByTestId('item-row').every((r) => r.querySelector('svg') !== null)).toBe(true);
    expect(getByTestId('foreach-max')).toHaveTextContent('×40');
  });

  it('an agent without routes runs its items: no route handles, no logs button; its authored system prompt is marked', async () => {
    const { wrapper, getByTestId, queryByTestId, getAllByTestId } = await renderCanvasNode(agentNode('collect-invoices'), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
    expect(queryByTestId('open-execution-logs')).toBeNull();
    expect(getByTestId('prompt-marker')).toHaveTextContent('Authored prompt');
    expect(getByTestId('prompt-marker').title).toContain('You are the accounts payable clerk.');
    expect(getAllByTestId('item-row').map((r) => r.dataset.itemType)).toEqual(['scripted', 'user_message']);
    expect(wrapper.querySelector('.pv-node')).toHaveAttribute('data-step-kind', 'agent');
  });

  it('shows the followed run: status, iteration and todo progress', async () => {
    const node = agentNode('reconcile', plan, { reconcile: 'running' });
    const live: AgentNode = { ...node, data: { ...node.data, iteration: 3, progress: { completed: 1, total: 4 } } };
    const { wrapper, getByTestId } = await renderCanvasNode(live, 'LR');
    expect(wrapper.querySelector('.pv-node')).toHaveAttribute('data-status', 'running');
    expect(getByTestId('node-iteration')).toHaveTextContent('it. 3');
  });
});
