import { describe, expect, it } from 'vitest';
import { planToFlow } from '../../flow/plan-to-flow';
import { fixtureNode } from '../../test/fixture-nodes';
import { loadGenerationFixture } from '../../test/fixtures';
import { envelope } from '../../test/log-events';
import { renderCanvasNode } from '../../test/render-canvas-node';
import { COMPACT_ZOOM } from '../zoom-levels';

const todoTask = () => fixtureNode('todo_task', 'research-todo', { statuses: { 'research-todo': 'orchestrating' } });

describe('nodes by zoom (semantic zoom)', () => {
  it('draws a compact block below COMPACT_ZOOM: status icon and title, the rest in its tooltip, the same size and handles', async () => {
    const node = todoTask();
    const full = await renderCanvasNode(node, 'LR', {}, undefined, COMPACT_ZOOM + 0.05);
    const fullBox = full.wrapper.querySelector<HTMLElement>('.pv-node')!;
    expect(fullBox).toHaveAttribute('data-compact', 'false');
    const fullHandles = [...full.wrapper.querySelectorAll('.react-flow__handle')].map((h) => h.getAttribute('data-handleid'));
    full.unmount();

    const { wrapper, getByTestId, queryByTestId } = await renderCanvasNode(node, 'LR', {}, undefined, COMPACT_ZOOM - 0.05);
    const block = wrapper.querySelector<HTMLElement>('.pv-node')!;
    expect(block).toHaveAttribute('data-compact', 'true');
    expect(block).toHaveClass('is-compact', 'is-orchestrating');
    expect(block).toHaveAttribute('data-status', 'orchestrating');
    expect(getByTestId('compact-title')).toHaveTextContent('Research Sources (Todo Orchestrator)');
    expect(getByTestId('compact-status').querySelector('svg')).not.toBeNull();
    expect(block.title).toBe('Todo task #2: Research Sources (Todo Orchestrator) · Orchestrating');
    // The details are gone; the layout's size and every handle stay.
    expect(queryByTestId('routes-count')).toBeNull();
    expect(block.style.width).toBe(fullBox.style.width);
    expect(block.style.height).toBe(fullBox.style.height);
    expect([...wrapper.querySelectorAll('.react-flow__handle')].map((h) => h.getAttribute('data-handleid'))).toEqual(fullHandles);
  });

  it('shows ×N on a step that started several times in the followed run, in both forms', async () => {
    const id = 'research-todo-sub-agent-literature';
    const delegation = (seq: number, status: string) =>
      envelope(seq, 'step_status', { step_id: 'literature', status, parent_step_id: 'research-todo', route_id: 'literature' });
    const runEvents = [1, 3, 5].flatMap((seq) => [delegation(seq, 'executing'), delegation(seq + 1, 'completed')]);
    const node = fixtureNode('sub_agent', id, { statuses: { [id]: 'completed' } });
    const state = { followedRunId: 'run-1', runEvents };

    const full = await renderCanvasNode(node, 'LR', state);
    expect(full.getByTestId('run-count')).toHaveTextContent('×3');
    expect(full.getByTestId('run-count')).toHaveAttribute('title', 'Ran 3 times in this run');
    full.unmount();

    const compact = await renderCanvasNode(node, 'LR', state, undefined, 0.2);
    expect(compact.getByTestId('run-count')).toHaveTextContent('×3');
    expect(compact.wrapper.querySelector('.pv-node')!.getAttribute('title')).toContain('ran 3 times');
    compact.unmount();

    // Once: no badge. No run followed: none either.
    const once = await renderCanvasNode(node, 'LR', { followedRunId: 'run-1', runEvents: runEvents.slice(0, 2) });
    expect(once.queryByTestId('run-count')).toBeNull();
    once.unmount();
    const none = await renderCanvasNode(node, 'LR', { followedRunId: null, runEvents });
    expect(none.queryByTestId('run-count')).toBeNull();
  });

  it('gives every label it may cut its whole text as a tooltip: title, kind, outputs, items', async () => {
    const { wrapper } = await renderCanvasNode(todoTask(), 'LR');
    const title = wrapper.querySelector<HTMLElement>('.pv-node__title')!;
    expect(title).toHaveAttribute('title', 'Research Sources (Todo Orchestrator)');
    expect(wrapper.querySelector('.pv-node__kind')).toHaveAttribute('title', 'Todo task');
    const port = wrapper.querySelector<HTMLElement>('[data-port="literature"]')!;
    expect(port).toHaveAttribute('title', 'Literature Review');
    const { plan, stepConfig } = loadGenerationFixture('LoopTabsHugged');
    const sequence = planToFlow(plan, { stepConfig }).nodes.find((n) => n.type === 'message_sequence')!;
    const items = await renderCanvasNode(sequence, 'LR');
    const summaries = [...items.wrapper.querySelectorAll<HTMLElement>('.pv-items__summary')];
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary.title).toBe(summary.textContent);
  });
});
