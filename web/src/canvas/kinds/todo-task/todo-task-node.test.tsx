import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { Plan } from '@planvas/shared';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { TodoTaskNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadFixturePlan } from '../../../test/fixtures';

const { plan } = loadFixturePlan('Workflow/ResearchReport');
const todoNode = (p: Plan = plan, statuses = {}) => planToFlow(p, { statuses }).nodes.find((n): n is TodoTaskNode => n.type === 'todo_task')!;

describe('TodoTaskNode', () => {
  it('puts one source handle per route (id = route_id), the generic agent and next on the right in LR, the input on the left', async () => {
    const { wrapper } = await renderCanvasNode(todoNode(), 'LR');
    expect(handleSides(wrapper)).toEqual({
      source: { literature: 'right', 'data-extraction': 'right', 'fact-check': 'right', generic: 'right', next: 'right' },
      target: { in: 'left' },
    });
  });

  it('moves them to the bottom and the input to the top in TB', async () => {
    const { wrapper } = await renderCanvasNode(todoNode(), 'TB');
    expect(handleSides(wrapper)).toEqual({
      source: { literature: 'bottom', 'data-extraction': 'bottom', 'fact-check': 'bottom', generic: 'bottom', next: 'bottom' },
      target: { in: 'top' },
    });
  });

  it('orders route handles as the routes are listed (top to bottom in LR, left to right in TB)', async () => {
    const lr = await renderCanvasNode(todoNode(), 'LR');
    const tops = [...lr.wrapper.querySelectorAll<HTMLElement>('.react-flow__handle.source')].map((h) => [h.dataset.handleid, parseFloat(h.style.top)]);
    expect(tops.map(([id]) => id)).toEqual(['literature', 'data-extraction', 'fact-check', 'generic', 'next']);
    expect(tops.map(([, y]) => y)).toEqual([...tops.map(([, y]) => y)].sort((a, b) => Number(a) - Number(b)));
    lr.unmount();
    const tb = await renderCanvasNode(todoNode(), 'TB');
    const lefts = [...tb.wrapper.querySelectorAll<HTMLElement>('.react-flow__handle.source')].map((h) => parseFloat(h.style.left));
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  });

  it('shows the purple todo_task scheme, title, route count, generic-agent indicator and context files', async () => {
    const { wrapper, getByTestId } = await renderCanvasNode(todoNode(), 'LR');
    const root = wrapper.querySelector('.pv-node')!;
    expect(root).toHaveClass('pv-node--todo_task');
    expect(root).toHaveAttribute('data-status', 'idle');
    expect(wrapper).toHaveTextContent('Research Sources (Todo Orchestrator)');
    expect(getByTestId('routes-count')).toHaveTextContent('3 routes');
    expect(getByTestId('generic-agent-indicator')).toHaveTextContent('Generic agent');
    expect(getByTestId('context-inputs')).toHaveTextContent('sources.json');
    expect(getByTestId('context-outputs')).toHaveTextContent('research_findings.json');
    // Rail labels name the routes beside their handles.
    expect([...wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual([
      'Literature Review',
      'Data Extraction',
      'Fact Check',
      'Generic agent',
      'Next',
    ]);
  });

  it('has no generic handle or indicator when the generic agent is off', async () => {
    const step = plan.steps[1]!;
    const off: Plan = { ...plan, steps: [{ ...step, enable_generic_agent: false } as typeof step] };
    const { wrapper, queryByTestId } = await renderCanvasNode(todoNode(off), 'LR');
    expect(queryByTestId('generic-agent-indicator')).toBeNull();
    expect(Object.keys(handleSides(wrapper).source)).toEqual(['literature', 'data-extraction', 'fact-check', 'next']);
  });

  it.each(['pending', 'running', 'executing', 'evaluating', 'orchestrating', 'completed', 'failed'] as const)(
    'shows the %s status as a badge and a style',
    async (status) => {
      const { wrapper, getByTestId } = await renderCanvasNode(todoNode(plan, { 'research-todo': status }), 'LR');
      const root = wrapper.querySelector('.pv-node')!;
      expect(root).toHaveAttribute('data-status', status);
      expect(root).toHaveClass(`is-${status}`);
      expect(getByTestId('status-badge')).toHaveClass(`pv-status--${status}`);
      expect(getByTestId('status-badge')).toHaveTextContent(new RegExp(status, 'i'));
    },
  );

  it('says completed and pending by the icon alone, the label kept for screen readers; an active status in words', async () => {
    for (const status of ['completed', 'pending'] as const) {
      const { getByTestId, unmount } = await renderCanvasNode(todoNode(plan, { 'research-todo': status }), 'LR');
      expect(getByTestId('status-badge')).toHaveClass('pv-status--icon-only');
      expect(getByTestId('status-badge').querySelector('.pv-visually-hidden')).toHaveTextContent(new RegExp(status, 'i'));
      unmount();
    }
    const { getByTestId } = await renderCanvasNode(todoNode(plan, { 'research-todo': 'executing' }), 'LR');
    expect(getByTestId('status-badge')).not.toHaveClass('pv-status--icon-only');
    expect(getByTestId('status-badge').querySelector('.pv-visually-hidden')).toBeNull();
  });

  it('shows any status by its icon alone next to the iteration and the todo progress, which take its room', async () => {
    const node = todoNode(plan, { 'research-todo': 'executing' });
    const { getByTestId } = await renderCanvasNode({ ...node, data: { ...node.data, iteration: 2, progress: { completed: 1, total: 5 } } }, 'LR');
    expect(getByTestId('node-iteration')).toHaveTextContent('it. 2');
    expect(getByTestId('status-badge')).toHaveClass('pv-status--icon-only');
    expect(getByTestId('status-badge')).toHaveAttribute('title', expect.stringMatching(/executing/i));
  });

  it('asks the store to open its execution logs', async () => {
    const { getByTestId, store } = await renderCanvasNode(todoNode(), 'LR');
    fireEvent.click(getByTestId('open-execution-logs'));
    expect(store.getState().executionLogs).toEqual({ stepId: 'research-todo' });
    expect(getByTestId('open-execution-logs')).toHaveClass('nodrag', 'nokey');
  });

  it('re-places its handles when the store direction changes', async () => {
    const { wrapper, store } = await renderCanvasNode(todoNode(), 'LR');
    act(() => store.getState().setDirection('TB'));
    await waitFor(() => expect(handleSides(wrapper).source.literature).toBe('bottom'));
    expect(handleSides(wrapper).target.in).toBe('top');
  });
});
