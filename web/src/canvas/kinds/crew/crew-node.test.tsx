import { describe, expect, it } from 'vitest';
import type { CrewStep, Plan } from '@planvas/shared';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { CrewNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadGenerationFixture } from '../../../test/fixtures';

const { plan } = loadGenerationFixture('AgentworksCompact');
const crewNode = (p: Plan = plan, statuses = {}) => planToFlow(p, { statuses }).nodes.find((n): n is CrewNode => n.type === 'crew')!;

describe('CrewNode', () => {
  it('shows profile, project, trigger and timeout, marked as run by an external crew', async () => {
    const { getByTestId } = await renderCanvasNode(crewNode(), 'LR');
    expect(getByTestId('crew-facts')).toHaveTextContent('Profilewarehouse');
    expect(getByTestId('crew-facts')).toHaveTextContent('Projectorders');
    expect(getByTestId('crew-facts')).toHaveTextContent('Triggerreship-express');
    expect(getByTestId('crew-timeout')).toHaveTextContent('40 min');
    expect(getByTestId('crew-external')).toHaveTextContent('run by an external crew');
  });

  it('has one input and one output per direction, and its status', async () => {
    const lr = await renderCanvasNode(crewNode(plan, { 'expedite-crew': 'completed' }), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
    expect(lr.wrapper.querySelector('.pv-node')).toHaveAttribute('data-status', 'completed');
    lr.unmount();
    const tb = await renderCanvasNode(crewNode(), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { next: 'bottom' }, target: { in: 'top' } });
  });

  it('says which ids are missing and that a 0 timeout waits the default', async () => {
    const step = plan.steps.find((s) => s.type === 'crew') as CrewStep;
    const bare = crewNode({ ...plan, steps: plan.steps.map((s) => (s === step ? { ...step, trigger_id: '', timeout_seconds: 0 } : s)) });
    const { getByTestId } = await renderCanvasNode(bare, 'LR');
    expect(getByTestId('crew-facts')).toHaveTextContent('Triggernot set');
    expect(getByTestId('crew-timeout')).toHaveTextContent('30 min');
    expect(getByTestId('crew-timeout').title).toContain('(the default)');
  });
});
