import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeRunSummary, type FakeRun } from '../../test/fake-runs-fetch';
import { created, envelope, snapshot, updated } from '../../test/log-events';
import { renderWithRunStore } from '../../test/render-with-run-store';
import { TodoTreePanel } from './todo-tree-panel';

describe('TodoTreePanel', () => {
  it("follows the run's todos live and lets the user edit the objective while it runs", async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a'), events: [] }]]);
    const { ingest, requests } = renderWithRunStore(<TodoTreePanel />, { runs, initial: { followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary } });
    ingest('run-a', [
      envelope(1, 'run_status', { status: 'running' }),
      snapshot(2, 0, 'Survey benchmarks', []),
      created(3, 'todo_1', 'Survey literature'),
      created(4, 'todo_2', 'Extract', { depth: 1 }),
      updated(5, 'todo_2', 'open', 'in_progress', { iteration: 1 }),
    ]);
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 0/1 · active 1');
    expect(screen.getAllByTestId('todo-number').map((n) => n.textContent)).toEqual(['1', '1.1']);
    expect(screen.getByTestId('objective')).toHaveTextContent('Survey benchmarks');

    await user.click(screen.getByRole('button', { name: 'Edit objective' }));
    const box = screen.getByRole('textbox', { name: 'Objective' });
    await user.clear(box);
    await user.type(box, 'Survey 2025 only');
    await user.click(screen.getByRole('button', { name: 'Save objective' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/runs/run-a/objective',
        body: { objective: 'Survey 2025 only', stepId: 'research-todo' },
      }),
    );
    // The edit comes back as an event and shows.
    ingest('run-a', [envelope(6, 'objective_updated', { step_id: 'research-todo', objective: 'Survey 2025 only', updated_by: 'user' })]);
    expect(screen.getByTestId('objective')).toHaveTextContent('Survey 2025 only');

    ingest('run-a', [envelope(7, 'run_status', { status: 'completed' })]);
    expect(screen.queryByRole('button', { name: 'Edit objective' })).toBeNull();
  });

  it('asks for a run when none is open', () => {
    renderWithRunStore(<TodoTreePanel />);
    expect(screen.getByText('Start or open a run to see its todos.')).toBeInTheDocument();
  });
});
