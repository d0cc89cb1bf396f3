import { describe, expect, it } from 'vitest';
import { fixtureNode } from '../../../test/fixture-nodes';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';

describe('SubAgentNode (the step node variant for route sub-agents)', () => {
  const literature = () => fixtureNode('sub_agent', 'research-todo-sub-agent-literature');

  it('has one target handle `top`, on the left in LR, and its return handle beside it', async () => {
    const { wrapper } = await renderCanvasNode(literature(), 'LR');
    expect(handleSides(wrapper)).toEqual({ source: { return: 'left' }, target: { top: 'left' } });
  });

  it('has them on top in TB', async () => {
    const { wrapper } = await renderCanvasNode(literature(), 'TB');
    expect(handleSides(wrapper)).toEqual({ source: { return: 'top' }, target: { top: 'top' } });
  });

  it('shows the Bot icon instead of a number, a dashed cyan frame and the parent-only marker', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(literature(), 'LR');
    const root = wrapper.querySelector('.pv-node')!;
    expect(root).toHaveClass('pv-node--sub_agent');
    expect(root.querySelector('.pv-node__number')).toBeNull();
    expect(root.querySelector('.pv-node__icon svg')).toHaveClass('lucide-bot');
    expect(getByTestId('sub-agent-marker')).toHaveTextContent('runs only from its parent');
    expect(wrapper).toHaveTextContent('Review Literature');
  });

  it('draws the generic agent as a sub-agent too', async () => {
    const { wrapper } = await renderCanvasNode(fixtureNode('sub_agent', 'research-todo-sub-agent-generic'), 'LR');
    expect(wrapper.querySelector('.pv-node')).toHaveClass('pv-node--generic-agent');
    expect(wrapper).toHaveTextContent('Generic agent');
  });

  it('gives a sub-agent that delegates further (legacy nested todo_task) its own route handles', async () => {
    const node = fixtureNode('sub_agent', 'onboarding-tasks-sub-agent-accounts', { workflow: 'Workflow/LegacyOnboarding' });
    const lr = await renderCanvasNode(node, 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { return: 'left', email: 'right' }, target: { top: 'left' } });
    lr.unmount();
    const tb = await renderCanvasNode(node, 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { return: 'top', email: 'bottom' }, target: { top: 'top' } });
  });

  it('reads an untyped sub-agent step as regular', async () => {
    const { wrapper } = await renderCanvasNode(
      fixtureNode('sub_agent', 'summarize-listings-sub-agent-neighbourhood-summary', { workflow: 'Workflow/UnknownStepType' }),
      'LR',
    );
    expect(wrapper.querySelector('.pv-node__kind')).toHaveTextContent(/^Sub-agent$/);
  });
});
