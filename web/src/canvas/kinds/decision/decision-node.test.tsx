import { describe, expect, it } from 'vitest';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('DecisionNode', () => {
  it('has true/false outputs labelled Yes/No, right in LR and bottom in TB', async () => {
    const lr = await renderCanvasNode(fixtureNode('decision', 'final-decision'), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { true: 'right', false: 'right' }, target: { in: 'left' } });
    expect([...lr.wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['Yes', 'No']);
    expect(lr.wrapper).toHaveTextContent('Ready to Publish?');
    lr.unmount();
    const tb = await renderCanvasNode(fixtureNode('decision', 'final-decision'), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { true: 'bottom', false: 'bottom' }, target: { in: 'top' } });
  });
});
