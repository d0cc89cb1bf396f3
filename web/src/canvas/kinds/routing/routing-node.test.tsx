import { describe, expect, it } from 'vitest';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('RoutingNode', () => {
  it('has one labelled output per route on the right in LR', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('routing', 'choose-depth'), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { standard: 'right', 'deep-dive': 'right', 'quick-summary': 'right' }, target: { in: 'left' } });
    expect([...wrapper.querySelectorAll('.pv-port-label')].map((l) => l.getAttribute('data-port'))).toEqual(['standard', 'deep-dive', 'quick-summary']);
    expect(wrapper.querySelector('.pv-port-label[data-port="standard"]')).toHaveTextContent('(default)');
  });

  it('has them at the bottom in TB', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('routing', 'choose-depth'), 'TB');
    expect(handleSides(wrapper)).toEqual({ source: { standard: 'bottom', 'deep-dive': 'bottom', 'quick-summary': 'bottom' }, target: { in: 'top' } });
  });

  it.each(['running', 'failed'] as const)('shows the %s state', async (status) => {
    const { wrapper } = await renderCanvasNode(fixtureNode('routing', 'choose-depth', { statuses: { 'choose-depth': status } }), 'LR');
    expect(wrapper.querySelector('.pv-node')).toHaveClass(`is-${status}`);
    expect(wrapper.querySelector('.pv-node')).toHaveAttribute('data-status', status);
  });
});

describe('RoutingNode for orchestration steps', () => {
  it('has one output per orchestration route plus next, right in LR, bottom in TB', async () => {
    const lr = await renderCanvasNode(fixtureNode('orchestration', 'draft-outline'), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { narrative: 'right', structured: 'right', next: 'right' }, target: { in: 'left' } });
    expect(lr.getByTestId('routes-count')).toHaveTextContent('2 routes');
    lr.unmount();
    const tb = await renderCanvasNode(fixtureNode('orchestration', 'draft-outline'), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { narrative: 'bottom', structured: 'bottom', next: 'bottom' }, target: { in: 'top' } });
  });

  it('shows the orchestrator brief when the outer step has no description', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('orchestration', 'draft-outline'), 'LR');
    expect(wrapper).toHaveTextContent('Decide whether the findings read best');
  });
});
