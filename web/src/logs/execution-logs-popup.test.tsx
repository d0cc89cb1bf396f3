import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventEnvelope } from '@planvas/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type fakeRunsFetch, fakeRunSummary, type FakeRun } from '../test/fake-runs-fetch';
import { ExecutionLogsPopup } from './execution-logs-popup';
import { completed, created, decision, envelope, snapshot, STEP, updated } from '../test/log-events';
import { renderWithRunStore } from '../test/render-with-run-store';
import { fakeVirtualLayout } from '../test/virtual-layout';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeVirtualLayout({ viewport: 800, rowHeight: 150 });
});
afterEach(() => restoreLayout());

function openPopup(
  events: EventEnvelope[],
  options: { status?: 'running' | 'completed'; runs?: Map<string, FakeRun>; onStart?: Parameters<typeof fakeRunsFetch>[1]; stepId?: string | null } = {},
) {
  const runs = options.runs ?? new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a', { status: options.status ?? 'completed' }), events }]]);
  const summary = runs.get('run-a')!.summary;
  const view = renderWithRunStore(<ExecutionLogsPopup stepId={options.stepId === undefined ? STEP.step_id : options.stepId} onClose={() => {}} />, {
    runs,
    ...(options.onStart ? { onStart: options.onStart } : {}),
    initial: { followedRunId: 'run-a', followedRun: summary, runs: [...runs.values()].map((r) => r.summary) },
  });
  act(() => view.store.getState().ingestRunEvents('run-a', events));
  return view;
}

const groupsShown = () => screen.getAllByTestId('iteration-group').map((el) => el.dataset['iteration']);
const seqsIn = (iteration: string) =>
  within(screen.getAllByTestId('iteration-group').find((el) => el.dataset['iteration'] === iteration)!)
    .getAllByTestId('log-entry')
    .map((el) => Number(el.dataset['seq']));

describe('ExecutionLogsPopup', () => {
  it('is a dialog named "Execution logs" that groups by each event\'s own iteration, not by arrival', async () => {
    // Stored order: iteration 2's decision arrives before iteration 1's, and one decision has no iteration.
    const events = [
      created(1, 'todo_1', 'Survey literature'),
      created(2, 'todo_2', 'Extract numbers'),
      decision(3, 2, { todo_id_to_execute: 'todo_2', todo_title: 'Extract numbers' }),
      updated(4, 'todo_2', 'open', 'in_progress'),
      decision(5, undefined, { todo_id_to_execute: 'todo_1', todo_title: 'Survey literature' }),
      completed(6, 'todo_1', { iteration: 1 }),
      decision(7, 3, { todo_id_to_execute: 'todo_3' }),
      created(8, 'todo_3', 'Fact check', { iteration: 3 }),
      envelope(9, 'todo_task_step_completed', {
        ...STEP,
        total_iterations: 3,
        total_todos_count: 3,
        completed_count: 3,
        completion_reason: 'All done',
        next_step_id: 'draft-outline',
      }),
    ];
    openPopup(events);
    const dialog = screen.getByRole('dialog', { name: /Execution logs/ });
    await waitFor(() => expect(groupsShown()).toEqual(['planning', '1', '2', '3']));
    expect(seqsIn('planning')).toEqual([1, 2]);
    // The decision without an iteration counts as iteration 1; the update goes with the decision that worked on its todo.
    expect(seqsIn('1')).toEqual([5, 6]);
    expect(seqsIn('2')).toEqual([3, 4]);
    expect(seqsIn('3')).toEqual([7, 8]);
    const summary = within(dialog).getByTestId('step-completed');
    expect(summary).toHaveTextContent('3 of 3');
    expect(summary).toHaveTextContent('All done');
    expect(summary).toHaveTextContent('draft-outline');
  });

  it("shows what the seed's popup shows for a decision", async () => {
    openPopup([decision(1, 1, { selection_reasoning: 'Sources first', use_generic_agent: true, selected_route_id: '' })]);
    const group = await screen.findByRole('article', { name: 'Iteration 1' });
    for (const text of [
      'delegate',
      'Generic Agent',
      'Todo of iteration 1',
      'Sources first',
      'Do the work of iteration 1',
      'notes.md exists',
      '0 of 3 todos completed',
      'gpt-4.1 · tier 2 (Medium)',
    ]) {
      expect(group).toHaveTextContent(text);
    }
    expect(within(group).getByRole('button', { name: /View Raw JSON/ })).toBeInTheDocument();
  });

  it('shows new iterations live while it is open, each event once', async () => {
    const { store } = openPopup([decision(1, 1)], { status: 'running' });
    await waitFor(() => expect(groupsShown()).toEqual(['1']));
    act(() => store.getState().ingestRunEvents('run-a', [decision(2, 2), updated(3, 'todo_2', 'open', 'in_progress', { iteration: 2 })]));
    await waitFor(() => expect(groupsShown()).toEqual(['1', '2']));
    // A replayed batch (after a reconnect) changes nothing.
    act(() => store.getState().ingestRunEvents('run-a', [decision(2, 2), updated(3, 'todo_2', 'open', 'in_progress', { iteration: 2 }), decision(4, 3)]));
    await waitFor(() => expect(groupsShown()).toEqual(['1', '2', '3']));
    expect(seqsIn('2')).toEqual([2, 3]);
    expect(screen.getByTestId('logs-event-count')).toHaveAttribute('data-count', '4');
    expect(screen.getByTestId('logs-event-count')).toHaveAttribute('data-last-seq', '4');
  });

  it('filters by route, action and todo status, and searches the text', async () => {
    const user = userEvent.setup();
    openPopup([
      decision(1, 1),
      decision(2, 2, { selected_route_id: 'fact-check', selected_route_name: 'Fact Check', todo_title: 'Verify headline claims' }),
      updated(3, 'todo_2', 'open', 'blocked', { iteration: 2 }),
      decision(4, 3, { next_action: 'complete', selected_route_id: '', selected_route_name: '', todo_id_to_execute: '', completion_reason: 'All verified' }),
    ]);
    await waitFor(() => expect(groupsShown()).toEqual(['1', '2', '3']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by route' }), 'fact-check');
    expect(groupsShown()).toEqual(['2']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by route' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by action' }), 'complete');
    expect(groupsShown()).toEqual(['3']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by todo status' }), 'blocked');
    expect(groupsShown()).toEqual(['2']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the logs' }), 'all verified');
    expect(groupsShown()).toEqual(['3']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the logs' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the logs' }), 'nothing like this');
    expect(screen.queryAllByTestId('iteration-group')).toHaveLength(0);
    // Nothing found says so, with the words, and clearing brings every iteration back with the focus in the box.
    expect(screen.getByRole('status')).toHaveTextContent('No matches for “nothing like this”');
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search the logs' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search the logs' })).toHaveFocus();
    expect(groupsShown()).toEqual(['1', '2', '3']);
    // Filters that together leave nothing say that instead, and clear at once.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by route' }), 'fact-check');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by action' }), 'complete');
    expect(screen.getByRole('status')).toHaveTextContent('No iteration matches the filters');
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Clear filters' }));
    expect(groupsShown()).toEqual(['1', '2', '3']);
  });

  it('shows the todo tree and objective exactly as they were at the selected iteration, and continues from there', async () => {
    const user = userEvent.setup();
    const events = [
      snapshot(1, 0, 'Survey benchmarks', []),
      decision(2, 1),
      snapshot(3, 1, 'Survey benchmarks', [
        { id: 'todo_1', title: 'Survey literature', status: 'completed', result: 'notes written' },
        { id: 'todo_2', title: 'Extract numbers', status: 'open' },
      ]),
      decision(4, 2),
      snapshot(5, 2, 'Survey 2024-2025 benchmarks only', [
        { id: 'todo_1', title: 'Survey literature', status: 'completed' },
        { id: 'todo_2', title: 'Extract numbers', status: 'in_progress', assigned_agent: 'data-extraction' },
        { id: 'todo_2a', title: 'Tokens per second', status: 'completed', depth: 1 },
        { id: 'todo_2b', title: 'Latency', status: 'open', depth: 1 },
      ]),
      decision(6, 3),
      snapshot(7, 3, 'Changed later', [{ id: 'todo_9', title: 'Something else', status: 'open' }]),
    ];
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a', { status: 'completed' }), events }]]);
    const { store, requests } = openPopup(events, {
      runs,
      onStart: () => ({ summary: fakeRunSummary('run-b', { parent: { runId: 'run-a', iteration: 2 } }), events: [] }),
    });
    await waitFor(() => expect(groupsShown()).toContain('2'));
    const iteration2 = screen.getByRole('article', { name: 'Iteration 2' });
    await user.click(within(iteration2).getByRole('button', { name: /Plan at this point/ }));
    const panel = screen.getByTestId('iteration-snapshot');
    expect(panel).toHaveAttribute('data-iteration', '2');
    expect(within(panel).getByTestId('objective')).toHaveTextContent('Survey 2024-2025 benchmarks only');
    expect(
      within(panel)
        .getAllByTestId('todo-number')
        .map((el) => el.textContent),
    ).toEqual(['1', '2', '2.1', '2.2']);
    expect(within(panel).getByTestId('todo-summary')).toHaveTextContent('todos 2/3');
    expect(panel).not.toHaveTextContent('Something else');

    // The dialog shows the snapshot's state; started unchanged, the branch carries no edits.
    await user.click(within(panel).getByTestId('continue-from-here'));
    const dialog = screen.getByTestId('fork-dialog');
    expect(within(dialog).getAllByTestId('fork-todo')).toHaveLength(4);
    await user.click(within(dialog).getByTestId('fork-start'));
    await waitFor(() => expect(store.getState().followedRunId).toBe('run-b'));
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/workflows/Workflow%2FResearchReport/runs',
      body: { from: { runId: 'run-a', iteration: 2, stepId: 'research-todo' }, provider: 'scripted' },
    });
  });

  it('renders at most 300 rows for 10,000 decisions and still reaches the newest one', async () => {
    const events = Array.from({ length: 10_000 }, (_, i) => decision(i + 1, i + 1));
    openPopup(events, { status: 'running' });
    // Live: it follows the newest iteration.
    await waitFor(() => expect(groupsShown()).toContain('10000'));
    const rendered = screen.getAllByTestId('iteration-group').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(300);
    // Scrolling to the top brings the first iterations in, still without rendering them all.
    const feed = screen.getByRole('feed');
    fireEvent.wheel(feed);
    feed.scrollTop = 0;
    fireEvent.scroll(feed);
    await waitFor(() => expect(groupsShown()).toContain('1'));
    expect(screen.getAllByTestId('iteration-group').length).toBeLessThanOrEqual(300);
  });

  it('groups a whole run per todo_task step and lists every event', async () => {
    const user = userEvent.setup();
    const other = { ...STEP, step_id: 'second-todo', step_title: 'Second' };
    openPopup(
      [
        envelope(1, 'run_status', { status: 'running' }),
        decision(2, 1),
        decision(3, 1, { ...other }),
        decision(4, 2, { ...other }),
        envelope(5, 'run_status', { status: 'completed' }),
      ],
      { stepId: null },
    );
    expect(screen.getByRole('dialog', { name: /Execution logs · Whole run/ })).toBeInTheDocument();
    await waitFor(() => expect(groupsShown()).toEqual(['1', '2']));
    await user.selectOptions(screen.getByRole('combobox', { name: /Step/ }), 'research-todo');
    expect(groupsShown()).toEqual(['1']);
    await user.click(screen.getByRole('button', { name: 'All events' }));
    await waitFor(() => expect(screen.getAllByTestId('event-row').map((el) => Number(el.dataset['seq']))).toEqual([1, 2, 3, 4, 5]));
  });

  it('loads an earlier run only when it is expanded and shows it in the same layout', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([
      ['run-a', { summary: fakeRunSummary('run-a', { status: 'completed', startedAt: '2026-01-02T10:00:00Z' }), events: [decision(1, 1)] }],
      [
        'run-old',
        {
          summary: fakeRunSummary('run-old', { status: 'failed', startedAt: '2026-01-01T10:00:00Z' }),
          events: [decision(1, 1), decision(2, 2, { todo_title: 'Old todo' })],
        },
      ],
    ]);
    const { requests } = openPopup([decision(1, 1)], { runs });
    await user.click(screen.getByRole('button', { name: /Previous runs \(1\)/ }));
    const previous = screen.getByTestId('previous-run');
    expect(requests.some((r) => r.path.startsWith('/api/runs/run-old/events'))).toBe(false);
    await user.click(within(previous).getByRole('button', { expanded: false }));
    await waitFor(() =>
      expect(
        within(previous)
          .getAllByTestId('iteration-group')
          .map((el) => el.dataset['iteration']),
      ).toEqual(['1', '2']),
    );
    expect(previous).toHaveTextContent('Old todo');
  });

  it('compares two runs iteration by iteration', async () => {
    const user = userEvent.setup();
    const runs = new Map<string, FakeRun>([
      ['run-a', { summary: fakeRunSummary('run-a', { status: 'completed' }), events: [] }],
      [
        'run-b',
        {
          summary: fakeRunSummary('run-b', { status: 'completed', startedAt: '2025-12-31T10:00:00Z' }),
          events: [decision(1, 1), decision(2, 2, { selected_route_name: 'Fact Check' }), decision(3, 3)],
        },
      ],
    ]);
    openPopup([decision(1, 1), decision(2, 2)], { runs });
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(screen.getAllByTestId('compare-row')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('compare-row');
    expect(first).not.toHaveClass('is-different');
    expect(second).toHaveClass('is-different');
    expect(second).toHaveTextContent('Fact Check');
    expect(third).toHaveTextContent('not in this run');
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    renderWithRunStore(<ExecutionLogsPopup stepId={null} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
