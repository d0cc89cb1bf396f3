import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WorkflowDocument } from '../api/types';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { loadFixturePlan } from '../test/fixtures';
import { renderWithRunStore } from '../test/render-with-run-store';
import { formatRunTime } from '../store/run-events/run-labels';
import { RunsList } from './runs-list';

describe('RunsList', () => {
  it('lists runs newest first, each named by number, start time and provider, with status, todos and lineage; a click opens one', async () => {
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
    expect(within(rows[0]!).getByTestId('run-label')).toHaveTextContent(`#2 · ${formatRunTime('2026-01-01T11:00:00Z')} · openai`);
    expect(within(rows[1]!).getByTestId('run-label')).toHaveTextContent(`#1 · ${formatRunTime('2026-01-01T09:00:00Z')} · scripted`);
    // The id is for tooltips, not for reading.
    expect(rows[0]).not.toHaveTextContent('run-branch');
    expect(rows[0]).toHaveAttribute('title', 'run-branch: max turns');
    expect(within(rows[0]!).getByTestId('run-lineage')).toHaveTextContent('continued from #1 at iteration 2');
    expect(rows[1]).toHaveTextContent('todos 4/4');
    expect(rows[1]).toHaveTextContent('14 s');
    await user.click(rows[1]!);
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-old'));
    expect(screen.getAllByTestId('run-row')[1]).toHaveAttribute('aria-current', 'true');
  });

  it('numbers runs by start within the workflow and shows only the time for a run of today', async () => {
    const today = new Date();
    today.setHours(20, 21, 0, 0);
    const runs = new Map<string, FakeRun>(
      [0, 1, 2].map((i) => {
        const id = `run-${i}`;
        return [
          id,
          { summary: fakeRunSummary(id, { status: 'completed', startedAt: new Date(today.getTime() - (2 - i) * 60_000).toISOString() }), events: [] },
        ];
      }),
    );
    const { store } = renderWithRunStore(<RunsList />, { runs });
    await act(() => store.getState().loadRuns());
    const labels = screen.getAllByTestId('run-label').map((l) => l.textContent);
    expect(labels).toEqual([`#3 · ${formatRunTime(today.toISOString())} · scripted`, expect.stringMatching(/^#2 · /), expect.stringMatching(/^#1 · /)]);
    expect(formatRunTime(today.toISOString())).toBe(today.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }));
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
