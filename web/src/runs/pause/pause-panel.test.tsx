import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WorkflowDocument } from '../../api/types';
import { fakeRunSummary, type FakeRun } from '../../test/fake-runs-fetch';
import { loadFixturePlan } from '../../test/fixtures';
import { envelope } from '../../test/log-events';
import { renderWithRunStore } from '../../test/render-with-run-store';
import { PausePanel } from './pause-panel';
import { overrideOf } from './pending-decision';

const pending = {
  next_action: 'delegate' as const,
  selected_route_id: 'literature',
  use_generic_agent: false,
  todo_id_to_execute: 't1',
  instructions_to_sub_agent: 'Find sources',
};

function renderPaused(breakpoint: string, withPending: boolean) {
  const document = {
    id: 'Workflow/ResearchReport',
    plan: loadFixturePlan('Workflow/ResearchReport').plan,
    problems: [],
    legacy: false,
  } as unknown as WorkflowDocument;
  const runs = new Map<string, FakeRun>([['run-1', { summary: fakeRunSummary('run-1'), events: [] }]]);
  const view = renderWithRunStore(<PausePanel />, { runs, initial: { document, followedRunId: 'run-1', followedRun: runs.get('run-1')!.summary } });
  view.ingest('run-1', [
    envelope(1, 'todo_snapshot', {
      step_id: 'research-todo',
      iteration: 1,
      todos: [
        { id: 't1', title: 'Survey the literature', status: 'in_progress' },
        { id: 't2', title: 'Extract the data', status: 'open' },
        { id: 't0', title: 'Done already', status: 'completed' },
      ],
    }),
    envelope(2, 'run_status', {
      status: 'paused',
      reason: 'breakpoint before delegating to literature (step "research-todo", iteration 1)',
      breakpoint: { on: breakpoint },
      step_id: 'research-todo',
      iteration: 1,
      ...(withPending ? { pending } : {}),
    }),
  ]);
  return view;
}

describe('PausePanel', () => {
  it('says why the run is paused; Continue and Step resume it in their mode', async () => {
    const user = userEvent.setup();
    const { requests } = renderPaused('before_turn', false);
    const panel = screen.getByTestId('pause-panel');
    expect(panel).toHaveTextContent('Paused breakpoint before delegating to literature');
    expect(within(panel).queryByTestId('pending-decision')).toBeNull();
    await user.click(within(panel).getByTestId('pause-step'));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/resume', body: { mode: 'step' } });
    await waitFor(() => expect(within(panel).getByTestId('pause-continue')).toBeEnabled());
    await user.click(within(panel).getByTestId('pause-continue'));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/resume', body: { mode: 'continue' } });
  });

  it('offers the routes of the step and its open todos for the pending decision, and sends only what changed', async () => {
    const user = userEvent.setup();
    const { requests, ingest } = renderPaused('before_delegate', true);
    const form = screen.getByTestId('pending-decision');
    const routes = within(form).getByTestId('pending-route');
    expect([...routes.querySelectorAll('option')].map((o) => o.value)).toEqual(['literature', 'data-extraction', 'fact-check', 'generic']);
    expect([...within(form).getByTestId('pending-todo').querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Survey the literature',
      'Extract the data',
    ]);
    expect(within(form).queryByTestId('pause-override')).toBeNull();
    await user.selectOptions(routes, 'fact-check');
    await user.selectOptions(within(form).getByTestId('pending-todo'), 't2');
    await user.click(within(form).getByTestId('pause-override'));
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/runs/run-1/resume',
      body: { mode: 'continue', decision: { selected_route_id: 'fact-check', use_generic_agent: false, todo_id_to_execute: 't2' } },
    });
    ingest('run-1', [envelope(3, 'run_status', { status: 'running', reason: 'resumed' })]);
    expect(screen.queryByTestId('pause-panel')).toBeNull();
  });
});

describe('overrideOf', () => {
  it('is undefined when nothing changed, and names the generic agent by use_generic_agent', () => {
    expect(overrideOf(pending, { routeId: 'literature', todoId: 't1', instructions: 'Find sources' })).toBeUndefined();
    expect(overrideOf(pending, { routeId: 'generic', todoId: 't1', instructions: 'Find more sources' })).toEqual({
      use_generic_agent: true,
      instructions_to_sub_agent: 'Find more sources',
    });
  });
});
