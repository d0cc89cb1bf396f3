import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('OpaqueNode (unknown step type)', () => {
  it('shows its type and raw JSON, with an input and a next output on the layout sides', async () => {
    const node = fixtureNode('opaque', 'scrape-portal', { workflow: 'Workflow/UnknownStepType' });
    const lr = await renderCanvasNode(node, 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
    expect(lr.wrapper.querySelector('.pv-node__kind')).toHaveTextContent('Unknown · web_scrape');
    expect(lr.getByTestId('opaque-json')).toHaveTextContent('"rate_limit_per_minute": 30');
    expect(lr.getByTestId('opaque-json')).toHaveTextContent('"row": "table.listings tr"');
    lr.unmount();
    const tb = await renderCanvasNode(node, 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { next: 'bottom' }, target: { in: 'top' } });
  });

  it('does not crash on odd values (a non-string title, huge payloads)', async () => {
    const plan = {
      steps: [{ type: 'future_kind', id: 'odd', title: 42, blob: 'x'.repeat(10_000), nested: { deep: [1, null, { a: true }] } }],
    } as unknown as Plan;
    const { wrapper, getByTestId } = await renderCanvasNode(fixtureNode('opaque', 'odd', { plan }), 'LR');
    expect(wrapper).toHaveTextContent('odd');
    expect(getByTestId('opaque-json').textContent!.length).toBeLessThan(2000);
  });
});
