import { describe, expect, it } from 'vitest';
import type { Plan, Step } from '@planvas/shared';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { MessageSequenceNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadGenerationFixture } from '../../../test/fixtures';

const { plan, stepConfig } = loadGenerationFixture('LoopTabsHugged');
const sequenceNode = (p: Plan = plan) => planToFlow(p, { stepConfig }).nodes.find((n): n is MessageSequenceNode => n.type === 'message_sequence')!;
const withStep = (step: Step): Plan => ({ steps: [step] });

describe('MessageSequenceNode', () => {
  it('has one input and one output, on the sides the direction gives', async () => {
    const lr = await renderCanvasNode(sequenceNode(), 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { next: 'right' }, target: { in: 'left' } });
    lr.unmount();
    const tb = await renderCanvasNode(sequenceNode(), 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { next: 'bottom' }, target: { in: 'top' } });
  });

  it('lists the items in order, a foreach with its max iterations, and no orchestrator parts', async () => {
    const { getAllByTestId, getByTestId, queryByTestId, wrapper } = await renderCanvasNode(sequenceNode(), 'LR');
    expect(getAllByTestId('item-row').map((r) => r.dataset.itemType)).toEqual(['prevalidation', 'user_message', 'foreach']);
    expect(getByTestId('foreach-max')).toHaveTextContent('×25');
    expect(queryByTestId('routes-count')).toBeNull();
    expect(queryByTestId('open-execution-logs')).toBeNull();
    expect(wrapper).toHaveTextContent('Message sequence');
  });

  it('marks older item types and the older `messages` list', async () => {
    const older = withStep({
      type: 'message_sequence',
      id: 'old',
      title: 'Old',
      items: [
        { id: 'a', type: 'message', message: 'Hello' },
        { id: 'b', type: 'code' },
        { id: 'c', type: 'user_message', message: 'Now' },
      ],
    } as Step);
    const first = await renderCanvasNode(sequenceNode(older), 'LR');
    expect(first.getAllByTestId('item-row').map((r) => r.classList.contains('is-legacy'))).toEqual([true, true, false]);
    expect(first.getAllByTestId('legacy-item')).toHaveLength(2);
    first.unmount();
    const messages = withStep({ type: 'message_sequence', id: 'msgs', title: 'Msgs', messages: [{ message: 'One' }, { message: 'Two' }] } as Step);
    const second = await renderCanvasNode(sequenceNode(messages), 'LR');
    expect(second.getByTestId('item-list')).toHaveAccessibleName('Messages (older form)');
    expect(second.getAllByTestId('legacy-item')).toHaveLength(2);
  });

  it('counts the items past the fifth instead of drawing them, and grows with the rows it draws', async () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ id: `i${i}`, type: 'user_message', message: `Message ${i}` }));
    const many = sequenceNode(withStep({ type: 'message_sequence', id: 'many', title: 'Many', items } as Step));
    const two = sequenceNode(withStep({ type: 'message_sequence', id: 'two', title: 'Two', items: items.slice(0, 2) } as Step));
    const { getAllByTestId, getByTestId } = await renderCanvasNode(many, 'LR');
    expect(getAllByTestId('item-row')).toHaveLength(5);
    expect(getByTestId('items-more')).toHaveTextContent('+3 more items');
    expect(many.height! - two.height!).toBe(4 * 20);
  });
});
