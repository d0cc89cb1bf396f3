import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeRunSummary, type FakeRun } from '../../test/fake-runs-fetch';
import { created, decision, envelope, snapshot, STEP, updated } from '../../test/log-events';
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

  it('locks the objective once its step has finished, while the run goes on elsewhere', async () => {
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a'), events: [] }]]);
    const { ingest } = renderWithRunStore(<TodoTreePanel />, { runs, initial: { followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary } });
    ingest('run-a', [
      envelope(1, 'run_status', { status: 'running' }),
      envelope(2, 'step_status', { step_id: 'research-todo', status: 'pending', step_type: 'todo_task' }),
      snapshot(3, 0, 'Survey benchmarks', [{ id: 't1', title: 'One', status: 'open' }]),
    ]);
    // Not started, or running: the next orchestrator turn takes an edit.
    expect(screen.getByRole('button', { name: 'Edit objective' })).toBeInTheDocument();
    ingest('run-a', [envelope(4, 'step_status', { step_id: 'research-todo', status: 'orchestrating', step_type: 'todo_task' })]);
    expect(screen.getByRole('button', { name: 'Edit objective' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit objective' }));
    expect(screen.getByRole('textbox', { name: 'Objective' })).toBeInTheDocument();

    // The step completes; the run goes on (and waits on a question later).
    ingest('run-a', [
      envelope(5, 'todo_task_step_completed', {
        ...STEP,
        total_iterations: 1,
        total_todos_count: 1,
        completed_count: 1,
        completion_reason: 'done',
        next_step_id: 'x',
      }),
      envelope(6, 'step_status', { step_id: 'research-todo', status: 'completed', step_type: 'todo_task' }),
      envelope(7, 'run_status', { status: 'waiting_input' }),
    ]);
    expect(screen.queryByRole('button', { name: 'Edit objective' })).toBeNull();
    // The draft that was open closes: saving it would change nothing.
    expect(screen.queryByRole('textbox', { name: 'Objective' })).toBeNull();
    const lock = screen.getByTestId('objective-locked');
    expect(lock).toHaveAttribute('title', expect.stringContaining('This step has finished'));
    expect(lock).toHaveTextContent('continue from one of its iterations');
    expect(screen.getByTestId('objective')).toHaveTextContent('Survey benchmarks');
  });

  it('counts todos as the canvas and the runs list do: leaves, or the decisions’ summary before there is a list', () => {
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a'), events: [] }]]);
    const { ingest } = renderWithRunStore(<TodoTreePanel />, { runs, initial: { followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary } });
    ingest('run-a', [decision(1, 1, { todo_summary: { total: 6, completed: 4, open: 2, in_progress: 0, blocked: 0 } })]);
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 4/6');
    ingest('run-a', [
      snapshot(2, 1, 'Goal', [
        { id: 'p', title: 'Parent', status: 'in_progress' },
        { id: 'c1', title: 'Child 1', status: 'completed', depth: 1 },
        { id: 'c2', title: 'Child 2', status: 'open', depth: 1 },
      ]),
    ]);
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 1/2');
  });

  it('asks for a run when none is open', () => {
    renderWithRunStore(<TodoTreePanel />);
    expect(screen.getByText('Start or open a run to see its todos.')).toBeInTheDocument();
  });
});
