import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { formatRunTime } from '../store/run-events/run-labels';
import { Toasts } from '../ui/toasts';
import { RunControls } from './run-controls';
import { RunStartConfirm } from './run-start-confirm';

describe('RunControls', () => {
  it('starts a run of the open workflow with the chosen provider and pace', async () => {
    const user = userEvent.setup();
    const onOpenLogs = vi.fn();
    const { requests, store } = renderWithRunStore(<RunControls onOpenLogs={onOpenLogs} />, {
      onStart: () => ({ summary: fakeRunSummary('run-1'), events: [envelope(1, 'run_status', { status: 'running' })] }),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider and pace' }), 'Scripted · no delay');
    await user.click(screen.getByTestId('start-run'));
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-1'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ provider: 'scripted', paceMs: 0 });
    expect(await screen.findByTestId('cancel-run')).toBeInTheDocument();
    await user.click(screen.getByTestId('cancel-run'));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/runs/run-1/cancel' });
    await user.click(screen.getByTestId('open-execution-logs'));
    expect(onOpenLogs).toHaveBeenCalled();
  });

  it('says why a run could not start in a toast, never inside the toolbar', async () => {
    const user = userEvent.setup();
    renderWithRunStore(
      <>
        <div role="toolbar" aria-label="Canvas">
          <RunControls />
        </div>
        <Toasts />
      </>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider and pace' }), 'OpenAI-compatible');
    await user.click(screen.getByTestId('start-run'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-tone', 'error');
    expect(toast).toHaveTextContent('Could not start the run: no runs here');
    const toolbar = screen.getByRole('toolbar', { name: 'Canvas' });
    expect(toolbar).not.toHaveTextContent('no runs here');
    expect(within(toolbar).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('start-run')).toBeEnabled();
  });
});

describe('a second Run while a run is active', () => {
  const startedAt = new Date(Date.now() - 60_000).toISOString();
  const runs = () =>
    new Map<string, FakeRun>([
      ['run-old', { summary: fakeRunSummary('run-old', { status: 'completed', startedAt: new Date(Date.now() - 3_600_000).toISOString() }), events: [] }],
      [
        'run-live',
        { summary: fakeRunSummary('run-live', { status: 'waiting_input', startedAt }), events: [envelope(1, 'run_status', { status: 'waiting_input' })] },
      ],
    ]);

  function renderGuard(known = runs()) {
    return renderWithRunStore(
      <>
        <RunControls />
        <RunStartConfirm />
      </>,
      { runs: known, onStart: () => ({ summary: fakeRunSummary('run-new', { startedAt: new Date().toISOString() }), events: [] }) },
    );
  }

  it('asks first, naming the active run; Cancel starts nothing', async () => {
    const user = userEvent.setup();
    const { store, requests } = renderGuard();
    await act(() => store.getState().loadRuns());
    await user.click(screen.getByTestId('start-run'));
    const dialog = await screen.findByRole('dialog', { name: 'Start another run?' });
    expect(dialog).toHaveTextContent(`A run of this workflow is active (#2, started ${formatRunTime(startedAt)}). Start another?`);
    expect(dialog).toHaveTextContent('#2 waits for an answer');
    // The safe answer has the focus: a double Enter does not start a second run.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('starts the second run once confirmed, and follows it', async () => {
    const user = userEvent.setup();
    const { store, requests } = renderGuard();
    await act(() => store.getState().openRun('run-live'));
    await user.click(screen.getByTestId('start-run'));
    await user.click(await screen.findByTestId('confirm-start-run'));
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-new'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/workflows/Workflow%2FResearchReport/runs', body: { provider: 'scripted' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to show the active run instead', async () => {
    const user = userEvent.setup();
    const { store } = renderGuard();
    await act(() => store.getState().loadRuns());
    await user.click(screen.getByTestId('start-run'));
    await user.click(await screen.findByRole('button', { name: 'Show #2' }));
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-live'));
  });

  it('starts at once when the run the list thought active has ended meanwhile', async () => {
    const user = userEvent.setup();
    const known = runs();
    const { store, requests } = renderGuard(known);
    await act(() => store.getState().loadRuns());
    expect(store.getState().runs.find((r) => r.id === 'run-live')?.status).toBe('waiting_input');
    // It ended in another tab: the server knows, the list here does not yet.
    known.get('run-live')!.summary.status = 'completed';
    await user.click(screen.getByTestId('start-run'));
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-new'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
