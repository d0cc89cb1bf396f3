import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

const single = (step: Record<string, unknown>): Plan => ({
  steps: [{ type: 'human_input', id: 'ask', question: 'Ship it?', ...step } as Plan['steps'][number]],
});

describe('HumanInputNode', () => {
  it('has one output per option (option-<index>), right in LR', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('human_input', 'editor-review'), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { 'option-0': 'right', 'option-1': 'right', 'option-2': 'right' }, target: { in: 'left' } });
    expect([...wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['approve', 'reject', 'audit']);
    expect(getByTestId('response-type')).toHaveTextContent('Multiple choice');
  });

  it('has yes and no outputs for a yes/no question, at the bottom in TB', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('human_input', 'ask', { plan: single({ response_type: 'yesno' }) }), 'TB');
    expect(handleSides(wrapper)).toEqual({ source: { yes: 'bottom', no: 'bottom' }, target: { in: 'top' } });
    expect(getByTestId('response-type')).toHaveTextContent('Yes / No');
    expect(wrapper).toHaveTextContent('Ship it?');
  });

  it('has a single next output for a free-text answer', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('human_input', 'ask', { plan: single({ response_type: 'text' }) }), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
  });
});
