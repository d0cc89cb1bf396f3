import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventEnvelope } from '@planvas/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { decision, envelope, snapshot, STEP } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { fakeVirtualLayout } from '../test/virtual-layout';
import { formatRunTime } from '../store/run-events/run-labels';
import { ExecutionLogsPopup } from './execution-logs-popup';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeVirtualLayout({ viewport: 800, rowHeight: 150 });
});
afterEach(() => restoreLayout());

const PARENT_START = '2026-01-01T09:00:00Z';
const BRANCH_START = '2026-01-01T11:00:00Z';

/** The parent (#1, three iterations) and a run continued from its iteration 3 (#2), followed in the popup. */
function openBranch() {
  const parentEvents = [decision(1, 1), decision(2, 2, { selected_route_name: 'Fact Check' }), decision(3, 3), decision(4, 4, { todo_title: 'Parent only' })];
  const branchEvents: EventEnvelope[] = [
    envelope(1, 'todo_snapshot', {
      step_id: STEP.step_id,
      step_path: STEP.step_path,
      iteration: 3,
      objective: 'Goal',
      reason: 'seeded',
      seeded_from: { run_id: 'run-parent', iteration: 3 },
      todos: [{ id: 'todo_1', title: 'One', status: 'completed' }],
    }),
    decision(2, 4, { todo_title: 'Branch only' }),
  ];
  const runs = new Map<string, FakeRun>([
    ['run-parent', { summary: fakeRunSummary('run-parent', { status: 'completed', startedAt: PARENT_START }), events: parentEvents }],
    [
      'run-branch',
      {
        summary: fakeRunSummary('run-branch', {
          status: 'completed',
          startedAt: BRANCH_START,
          provider: 'openai',
          parent: { runId: 'run-parent', iteration: 3, stepId: STEP.step_id },
        }),
        events: branchEvents,
      },
    ],
  ]);
  const summary = runs.get('run-branch')!.summary;
  const view = renderWithRunStore(<ExecutionLogsPopup stepId={STEP.step_id} onClose={() => {}} />, {
    runs,
    initial: { followedRunId: 'run-branch', followedRun: summary, runs: [summary, runs.get('run-parent')!.summary] },
  });
  act(() => view.store.getState().ingestRunEvents('run-branch', branchEvents));
  return view;
}

describe('a branched run in the execution logs', () => {
  it('names the runs by label in the header, and its first card says which iterations came from the parent', async () => {
    openBranch();
    const dialog = screen.getByRole('dialog', { name: /Execution logs/ });
    expect(within(dialog).getByTestId('logs-run-label')).toHaveTextContent(`#2 · ${formatRunTime(BRANCH_START)} · openai · continued from #1 at iteration 3`);
    expect(within(dialog).getByTestId('logs-run-label')).not.toHaveTextContent('run-branch');
    const first = await waitFor(() => screen.getAllByTestId('iteration-group')[0]!);
    expect(first).toHaveAttribute('data-inherited', 'true');
    expect(within(first).getByRole('heading')).toHaveTextContent('Iterations 1–3 from #1');
    expect(within(first).getByTestId('inherited-note')).toHaveTextContent('This run continued from #1 at iteration 3');
    expect(screen.getAllByTestId('iteration-group')[1]).toHaveTextContent('Branch only');
  });

  it('compares with the parent saying "from #1" for the inherited iterations instead of "not in this run"', async () => {
    const user = userEvent.setup();
    openBranch();
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(screen.getByRole('columnheader', { name: 'This run (#2)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Other run (#1)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Compare with' })).toHaveDisplayValue(`#1 · ${formatRunTime(PARENT_START)} · scripted · completed`);
    await waitFor(() => expect(screen.getAllByTestId('compare-row')).toHaveLength(4));
    const rows = screen.getAllByTestId('compare-row');
    for (const row of rows.slice(0, 3)) {
      const [, mine] = within(row).getAllByRole('cell');
      expect(mine).toHaveTextContent('from #1');
      expect(row).not.toHaveTextContent('not in this run');
      // The same iterations: not marked as a difference.
      expect(row).not.toHaveClass('is-different');
    }
    expect(rows[3]).toHaveTextContent('Branch only');
    expect(rows[3]).toHaveTextContent('Parent only');
    expect(rows[3]).toHaveClass('is-different');
  });
});

describe('the step-completed card', () => {
  it('counts leaf todos, as the progress ring does, not every item of the list', async () => {
    const events = [
      snapshot(1, 1, 'Goal', [
        { id: 'p', title: 'Parent', status: 'completed' },
        { id: 'c1', title: 'Child 1', status: 'completed', depth: 1 },
        { id: 'c2', title: 'Child 2', status: 'completed', depth: 1 },
        { id: 'q', title: 'Other', status: 'open' },
      ]),
      decision(2, 1),
      // The event counts items as the seed system's log does: 4, parents included.
      envelope(3, 'todo_task_step_completed', {
        ...STEP,
        total_iterations: 1,
        total_todos_count: 4,
        completed_count: 3,
        completion_reason: 'done',
        next_step_id: 'x',
      }),
    ];
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a', { status: 'completed' }), events }]]);
    const view = renderWithRunStore(<ExecutionLogsPopup stepId={STEP.step_id} onClose={() => {}} />, {
      runs,
      initial: { followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary },
    });
    act(() => view.store.getState().ingestRunEvents('run-a', events));
    expect(await screen.findByTestId('step-completed-todos')).toHaveTextContent('2 of 3');
  });
});
