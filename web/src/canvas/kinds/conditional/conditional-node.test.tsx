import { describe, expect, it } from 'vitest';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('ConditionalNode', () => {
  it('has true/false outputs labelled Yes/No, right in LR and bottom in TB', async () => {
    const lr = await renderCanvasNode(fixtureNode('conditional', 'quality-gate'), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { true: 'right', false: 'right' }, target: { in: 'left' } });
    expect([...lr.wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['Yes', 'No']);
    lr.unmount();
    const tb = await renderCanvasNode(fixtureNode('conditional', 'quality-gate'), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { true: 'bottom', false: 'bottom' }, target: { in: 'top' } });
  });

  it('counts the nested steps of each branch', async () => {
    const { getByTestId } = await renderCanvasNode(fixtureNode('conditional', 'quality-gate'), 'LR');
    expect(getByTestId('branch-true-count')).toHaveTextContent('Yes: 1 step');
    expect(getByTestId('branch-false-count')).toHaveTextContent('No: 2 steps');
  });
});
