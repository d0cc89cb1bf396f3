import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReactFlowProvider } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import type { WorkflowDocument } from '../api/types';
import { ApiProvider } from '../api/api-context';
import { Toolbar } from '../app/toolbar';
import { Inspector } from '../panels/inspector/inspector';
import { envelope } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { createFixtureApi } from '../test/fixture-api';
import { loadFixturePlan } from '../test/fixtures';
import { RunSidebar } from './run-sidebar';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';

const { plan } = loadFixturePlan('Workflow/ResearchReport');
const document = { id: 'Workflow/ResearchReport', plan, problems: [], legacy: false } as unknown as WorkflowDocument;

function renderShell(options: Parameters<typeof renderWithRunStore>[1] = {}) {
  return renderWithRunStore(
    <ApiProvider api={createFixtureApi()}>
      <ReactFlowProvider>
        <Toolbar />
        <Inspector />
        <RunSidebar />
      </ReactFlowProvider>
    </ApiProvider>,
    { ...options, initial: { document, ...options.initial } },
  );
}

const sidebar = () => screen.getByTestId('run-sidebar');
const toggle = () => screen.getByTestId('toggle-runs');

describe('RunSidebar', () => {
  it('is a rail while no run is followed; the user unfolds it and folds it again', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Todo tree' })).toBeNull();

    await user.click(screen.getByTestId('run-sidebar-expand'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(within(sidebar()).getByRole('region', { name: 'Todo tree' })).toBeInTheDocument();
    expect(within(sidebar()).getByTestId('import-decision-log')).toBeInTheDocument();

    await user.click(screen.getByTestId('run-sidebar-collapse'));
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    await user.click(toggle());
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
    await user.click(toggle());
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
  });

  it('unfolds for a followed run, stays folded when the user folds it, and unfolds for the next run', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([
      ['run-1', { summary: fakeRunSummary('run-1'), events: [envelope(1, 'run_status', { status: 'running' })] }],
      ['run-2', { summary: fakeRunSummary('run-2'), events: [envelope(1, 'run_status', { status: 'running' })] }],
    ]);
    const { store } = renderShell({ runs });
    await act(() => store.getState().openRun('run-1'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');

    await user.click(screen.getByTestId('run-sidebar-collapse'));
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    // The rail still says a run goes on.
    expect(within(sidebar()).getByRole('button', { name: 'Show the todos' })).toHaveAttribute('title', 'Todos of the run going on');

    await act(() => store.getState().openRun('run-2'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
  });

  it('folds to its rail while the inspector is open; unfolding it closes the inspector', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([['run-1', { summary: fakeRunSummary('run-1'), events: [envelope(1, 'run_status', { status: 'running' })] }]]);
    const { store } = renderShell({ runs });
    await act(() => store.getState().openRun('run-1'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');

    act(() => store.getState().selectNode('gather-sources'));
    expect(screen.getByTestId('inspector')).toBeInTheDocument();
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle());
    expect(store.getState().selectedNodeId).toBeNull();
    expect(screen.queryByTestId('inspector')).toBeNull();
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');

    // A selection that names no node of the plan opens no inspector, and folds nothing.
    act(() => store.getState().selectNode('no-such-node'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
  });

  it('shows nothing without an open workflow', () => {
    renderWithRunStore(<RunSidebar />, { initial: { workflowId: null } });
    expect(screen.queryByTestId('run-sidebar')).toBeNull();
  });
});
