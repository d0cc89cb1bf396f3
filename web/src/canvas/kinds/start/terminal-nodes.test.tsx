import { describe, expect, it } from 'vitest';
import { END_NODE_ID, START_NODE_ID } from '../../../flow/node-data';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('Start and End nodes', () => {
  it('start has one output: right in LR, bottom in TB', async () => {
    const lr = await renderCanvasNode(fixtureNode('start', START_NODE_ID), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { next: 'right' }, target: {} });
    expect(lr.wrapper).toHaveTextContent('Start');
    lr.unmount();
    const tb = await renderCanvasNode(fixtureNode('start', START_NODE_ID), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { next: 'bottom' }, target: {} });
  });

  it('end has one input: left in LR, top in TB', async () => {
    const lr = await renderCanvasNode(fixtureNode('end', END_NODE_ID), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: {}, target: { in: 'left' } });
    expect(lr.wrapper).toHaveTextContent('End');
    lr.unmount();
    const tb = await renderCanvasNode(fixtureNode('end', END_NODE_ID), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: {}, target: { in: 'top' } });
  });
});
