import { act, screen, waitFor, within } from '@testing-library/react';
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

  it('docks under the inspector while a node is edited, its runs list in view and clickable', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([
      ['run-1', { summary: fakeRunSummary('run-1'), events: [envelope(1, 'run_status', { status: 'running' })] }],
      ['run-2', { summary: fakeRunSummary('run-2', { status: 'completed' }), events: [envelope(1, 'run_status', { status: 'completed' })] }],
    ]);
    const { store } = renderShell({ runs, initial: { runs: [...runs.values()].map((r) => r.summary) } });
    await act(() => store.getState().openRun('run-1'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');

    act(() => store.getState().selectNode('gather-sources'));
    expect(screen.getByTestId('inspector')).toBeInTheDocument();
    // Docked, not folded: the toolbar's toggle still says the panel is open, the edit stays open.
    expect(sidebar()).toHaveAttribute('data-layout', 'docked');
    expect(sidebar()).toHaveClass('pv-run-sidebar--docked');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(within(sidebar()).queryByRole('region', { name: 'Todo tree' })).toBeNull();
    const rows = within(sidebar()).getAllByTestId('run-row');
    expect(rows.map((r) => r.dataset['runId'])).toEqual(['run-1', 'run-2']);

    // A run picked in the docked list is followed; the inspector stays on its node.
    await user.click(rows[1]!);
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-2'));
    expect(store.getState().selectedNodeId).toBe('gather-sources');
    expect(sidebar()).toHaveAttribute('data-layout', 'docked');

    // "Show todos" closes the inspector; the panel takes its own column again with the todo tree.
    await user.click(within(sidebar()).getByRole('button', { name: /Show todos/ }));
    expect(screen.queryByTestId('inspector')).toBeNull();
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
    expect(within(sidebar()).getByRole('region', { name: 'Todo tree' })).toBeInTheDocument();

    // A selection that names no node of the plan opens no inspector, and docks nothing.
    act(() => store.getState().selectNode('no-such-node'));
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
  });

  it('stays a rail beside the inspector once folded; unfolds docked without closing the edit, or with the todos, closing it', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    act(() => store.getState().selectNode('gather-sources'));
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    await user.click(toggle());
    expect(store.getState().selectedNodeId).toBe('gather-sources');
    expect(sidebar()).toHaveAttribute('data-layout', 'docked');
    await user.click(screen.getByTestId('run-sidebar-collapse'));
    expect(sidebar()).toHaveAttribute('data-layout', 'rail');
    expect(screen.getByTestId('inspector')).toBeInTheDocument();
    // The rail's todos button asks for the todo tree, which docked has no room for: the inspector closes.
    await user.click(within(sidebar()).getByRole('button', { name: 'Show the todos' }));
    expect(screen.queryByTestId('inspector')).toBeNull();
    expect(sidebar()).toHaveAttribute('data-layout', 'expanded');
    expect(within(sidebar()).getByRole('region', { name: 'Todo tree' })).toBeInTheDocument();
  });

  it('shows nothing without an open workflow', () => {
    renderWithRunStore(<RunSidebar />, { initial: { workflowId: null } });
    expect(screen.queryByTestId('run-sidebar')).toBeNull();
  });
});
