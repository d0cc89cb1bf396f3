import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunUsage, UsageTotals } from '@planvas/shared';
import { smallRun } from '../test/timeline-events';
import { createUsageApi } from '../api/usage-api';
import { RunTimeline } from './run-timeline';

const totals = (patch: Partial<UsageTotals> = {}): UsageTotals => ({
  calls: 5,
  inputTokens: 1540,
  outputTokens: 260,
  cacheReadTokens: 0,
  reasoningTokens: 0,
  latencyMs: 25,
  unpricedCalls: 5,
  simulatedCalls: 5,
  ...patch,
});

function usageAnswer(total: UsageTotals): RunUsage {
  return {
    total,
    steps: [],
    iterations: [],
    todos: [
      { stepId: 'research', todoId: 't2', ...totals({ inputTokens: 40, outputTokens: 10 }) },
      { stepId: 'research', todoId: 't1', ...totals({ inputTokens: 300, outputTokens: 50 }) },
    ],
    routes: [],
    models: [],
  };
}

function renderTimeline(total = totals()) {
  const requests: string[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    requests.push(String(url));
    return new Response(JSON.stringify(usageAnswer(total)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const onOpenIteration = vi.fn();
  const onOpenSettings = vi.fn();
  render(
    <RunTimeline
      runId="run-1"
      events={smallRun()}
      live={false}
      onOpenIteration={onOpenIteration}
      onOpenSettings={onOpenSettings}
      usageApi={createUsageApi({ fetch: fetch as typeof globalThis.fetch })}
    />,
  );
  return { requests, onOpenIteration, onOpenSettings };
}

describe('RunTimeline', () => {
  const fillRect = vi.fn();
  beforeEach(() => {
    // jsdom has no 2D context: a stand-in that records the bars painted.
    const ctx = new Proxy({ fillRect }, { get: (target, key) => (key in target ? target[key as 'fillRect'] : () => {}), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws the run’s bars on one canvas, with a summary for screen readers', async () => {
    renderTimeline();
    const canvas = screen.getByTestId('run-timeline-canvas');
    expect(canvas).toHaveAttribute('data-bars', '9');
    expect(canvas).toHaveAttribute('data-lanes', '8');
    expect(canvas).toHaveAccessibleName(/^Run timeline: 9 bars in 8 lanes over 31 s, 2 orchestrator iterations/);
    await waitFor(() => expect(canvas).toHaveAttribute('data-painted-bars', '9'));
    expect(fillRect).toHaveBeenCalled();
  });

  it('shows the usage totals as simulated, and where to set prices', async () => {
    const { requests, onOpenSettings } = renderTimeline();
    const summary = await screen.findByTestId('usage-summary');
    await waitFor(() => expect(within(summary).getByTestId('usage-total-tokens')).toHaveTextContent('~1,540 in · ~260 out'));
    expect(requests).toEqual(['/api/runs/run-1/usage']);
    expect(within(summary).getByTestId('usage-simulated')).toHaveAttribute('title', expect.stringMatching(/derives these counts from text sizes/));
    fireEvent.click(within(summary).getByRole('button', { name: 'add them in Settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
    const todos = screen.getByTestId('expensive-todos');
    expect(
      within(todos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read papers~350 tokens', 't2~50 tokens']);
  });

  it('shows the cost when prices are set', async () => {
    renderTimeline(totals({ costUsd: 0.0123, unpricedCalls: 0, simulatedCalls: 0 }));
    await waitFor(() => expect(screen.getByTestId('usage-summary')).toHaveTextContent('Cost $0.012'));
    expect(screen.queryByTestId('usage-simulated')).toBeNull();
  });

  it('shows a bar’s duration and tokens on hover, and opens an iteration on click', async () => {
    const { onOpenIteration } = renderTimeline();
    const iteration = screen.getAllByTestId('timeline-bar').find((b) => b.dataset['kind'] === 'iteration' && b.dataset['iteration'] === '1')!;
    expect(iteration).toHaveAccessibleName(
      /^Orchestrator iteration: Iteration 1, completed, started \+5 s, took 5 s, tokens ~800 in · ~150 out · 2 calls \(simulated\)/,
    );
    fireEvent.mouseEnter(iteration);
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('Iteration 1');
    expect(tip).toHaveTextContent('Duration5 s');
    expect(tip).toHaveTextContent('~800 in · ~150 out');
    expect(within(tip).getByText('simulated')).toBeInTheDocument();
    expect(tip).toHaveTextContent('Costnot priced');
    fireEvent.click(iteration);
    expect(onOpenIteration).toHaveBeenCalledWith('research', 1);
  });

  it('reaches the iterations with the arrow keys and opens one with Enter', () => {
    const { onOpenIteration } = renderTimeline();
    const canvas = screen.getByTestId('run-timeline-canvas');
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'Home' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Paused at research');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Iteration 1');
    expect(canvas).toHaveAccessibleDescription(/Iteration 1/);
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(onOpenIteration).toHaveBeenCalledWith('research', 2);
  });
});
