import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { HumanInputForm, RunControls, RunsList } from './run-controls';
import { loadFixturePlan } from '../test/fixtures';
import type { WorkflowDocument } from '../api/types';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';

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

  it('shows why a run could not start', async () => {
    const user = userEvent.setup();
    renderWithRunStore(<RunControls />);
    await user.click(screen.getByTestId('start-run'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start the run: no runs here');
  });
});

describe('HumanInputForm', () => {
  /** The form over a store that follows run-1, which has no events yet. */
  const renderHumanInputForm = () =>
    renderWithRunStore(<HumanInputForm />, {
      runs: new Map<string, FakeRun>([['run-1', { summary: fakeRunSummary('run-1'), events: [] }]]),
      initial: { followedRunId: 'run-1' },
    });

  it("shows the waiting run's question and sends the chosen option", async () => {
    const user = userEvent.setup();
    const { ingest, requests } = renderHumanInputForm();
    expect(screen.queryByTestId('human-input')).toBeNull();
    ingest('run-1', [
      envelope(1, 'human_input_requested', {
        step_id: 'editor-approval',
        question: 'Publish the report?',
        response_type: 'multiple_choice',
        options: ['Publish', 'Revise'],
      }),
      envelope(2, 'run_status', { status: 'waiting_input' }),
    ]);
    const form = screen.getByTestId('human-input');
    expect(form).toHaveTextContent('Publish the report?');
    await user.click(within(form).getByRole('button', { name: 'Revise' }));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/input', body: { answer: 1 } });
    ingest('run-1', [envelope(3, 'human_input_answered', { step_id: 'editor-approval', answer: 'Revise' }), envelope(4, 'run_status', { status: 'running' })]);
    expect(screen.queryByTestId('human-input')).toBeNull();
  });

  it('takes a free-text answer when the question has no options', async () => {
    const user = userEvent.setup();
    const { ingest, requests } = renderHumanInputForm();
    ingest('run-1', [
      envelope(1, 'human_input_requested', { step_id: 'ask', question: 'Which region?' }),
      envelope(2, 'run_status', { status: 'waiting_input' }),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'EU');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/runs/run-1/input', body: { answer: 'EU' } });
  });
});

describe('RunsList', () => {
  it('lists runs newest first with status, todos, provider and lineage, and opens one on click', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([
      [
        'run-old',
        {
          summary: fakeRunSummary('run-old', {
            status: 'completed',
            startedAt: '2026-01-01T09:00:00Z',
            endedAt: '2026-01-01T09:00:14Z',
            todos: { completed: 4, total: 4 },
          }),
          events: [],
        },
      ],
      [
        'run-branch',
        {
          summary: fakeRunSummary('run-branch', {
            status: 'failed',
            startedAt: '2026-01-01T11:00:00Z',
            endedAt: '2026-01-01T11:03:05Z',
            provider: 'openai',
            parent: { runId: 'run-old', iteration: 2 },
            error: 'max turns',
          }),
          events: [],
        },
      ],
    ]);
    const { store } = renderWithRunStore(<RunsList />, { runs });
    await act(() => store.getState().loadRuns());
    const rows = screen.getAllByTestId('run-row');
    expect(rows.map((r) => r.dataset['runId'])).toEqual(['run-branch', 'run-old']);
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('3 min 05 s');
    expect(rows[0]).toHaveTextContent('openai');
    expect(within(rows[0]!).getByTestId('run-lineage')).toHaveTextContent('from run run-old @ iteration 2');
    expect(rows[1]).toHaveTextContent('todos 4/4');
    expect(rows[1]).toHaveTextContent('14 s');
    await user.click(rows[1]!);
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-old'));
    expect(screen.getAllByTestId('run-row')[1]).toHaveAttribute('aria-current', 'true');
  });
});

describe('importing a decision log', () => {
  it("imports the chosen todo_task step's log as a run and follows it", async () => {
    const user = userEvent.setup();
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const document = { id: 'Workflow/ResearchReport', plan, problems: [] } as unknown as WorkflowDocument;
    const { store, requests } = renderWithRunStore(<RunsList />, {
      initial: { document },
      onStart: () => ({ summary: fakeRunSummary('imported', { provider: 'import', status: 'completed' }), events: [] }),
    });
    expect(screen.getByRole('combobox', { name: 'Import decision log of' })).toHaveValue('research-todo');
    await user.click(screen.getByTestId('import-decision-log'));
    await waitFor(() => expect(store.getState().followedRunId).toBe('imported'));
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/workflows/Workflow%2FResearchReport/runs/import',
      body: { stepId: 'research-todo' },
    });
  });
});
