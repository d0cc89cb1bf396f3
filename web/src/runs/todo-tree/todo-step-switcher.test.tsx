import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import type { WorkflowDocument } from '../../api/types';
import { fakeRunSummary, type FakeRun } from '../../test/fake-runs-fetch';
import { loadFixturePlan } from '../../test/fixtures';
import { envelope } from '../../test/log-events';
import { renderWithRunStore } from '../../test/render-with-run-store';
import { TodoTreePanel } from './todo-tree-panel';

/** The demo plan with a second todo_task step after the first: a run of it goes through both. */
function planWithTwoTodoSteps(): Plan {
  const { plan } = loadFixturePlan('Workflow/ResearchReport');
  const first = plan.steps.findIndex((s) => s.id === 'research-todo');
  const verify = { ...plan.steps[first]!, id: 'verify-todo', title: 'Verify Claims' } as Plan['steps'][number];
  return { ...plan, steps: [...plan.steps.slice(0, first + 1), verify, ...plan.steps.slice(first + 1)] };
}

const status = (seq: number, stepId: string, value: string) => envelope(seq, 'step_status', { step_id: stepId, status: value, step_type: 'todo_task' });
const todos = (seq: number, stepId: string, objective: string, titles: string[], done = 0) =>
  envelope(seq, 'todo_snapshot', {
    step_id: stepId,
    iteration: 1,
    objective,
    todos: titles.map((title, i) => ({ id: `${stepId}-${i}`, title, status: i < done ? 'completed' : 'open' })),
  });

function renderPanel() {
  const document = { id: 'Workflow/ResearchReport', plan: planWithTwoTodoSteps(), problems: [], legacy: false } as unknown as WorkflowDocument;
  const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a'), events: [] }]]);
  return renderWithRunStore(<TodoTreePanel />, { runs, initial: { document, followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary } });
}

const switcher = () => screen.getByRole('combobox', { name: 'todo_task step' });
const rowTitles = () => screen.queryAllByTestId('todo-row').map((row) => row.querySelector('.pv-todo-row__title')?.textContent);

describe('TodoStepSwitcher', () => {
  it('lists every todo_task step of the run and follows the one at work until the user picks another', async () => {
    const user = userEvent.setup();
    const { ingest } = renderPanel();
    ingest('run-a', [
      envelope(1, 'run_status', { status: 'running' }),
      status(2, 'research-todo', 'orchestrating'),
      todos(3, 'research-todo', 'Survey', ['Read', 'Extract'], 1),
    ]);

    // Both steps, in plan order, each saying where it is; the running one shown.
    expect(
      within(switcher())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Research Sources (Todo Orchestrator) · orchestrating · 1/2', 'Verify Claims · not run yet']);
    expect(switcher()).toHaveValue('research-todo');
    expect(rowTitles()).toEqual(['Read', 'Extract']);
    expect(screen.getByTestId('objective')).toHaveTextContent('Survey');

    // A step not reached yet says so.
    await user.selectOptions(switcher(), 'verify-todo');
    expect(screen.getByText('This step has not run yet')).toBeInTheDocument();
    await user.selectOptions(switcher(), 'research-todo');

    // The user's pick holds while the run moves on to the next todo_task step…
    ingest('run-a', [
      status(4, 'research-todo', 'completed'),
      status(5, 'verify-todo', 'orchestrating'),
      todos(6, 'verify-todo', 'Check every claim', ['Claim 1']),
    ]);
    expect(switcher()).toHaveValue('research-todo');
    expect(rowTitles()).toEqual(['Read', 'Extract']);
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 1/2');

    // …and the other step is one choice away, with its own objective and progress.
    await user.selectOptions(switcher(), 'verify-todo');
    expect(rowTitles()).toEqual(['Claim 1']);
    expect(screen.getByTestId('objective')).toHaveTextContent('Check every claim');
    expect(screen.getByTestId('todo-summary')).toHaveTextContent('todos 0/1');
  });

  it('without a pick moves on with the run, and shows the last step that ran once it has ended', () => {
    const { ingest } = renderPanel();
    ingest('run-a', [
      envelope(1, 'run_status', { status: 'running' }),
      status(2, 'research-todo', 'orchestrating'),
      todos(3, 'research-todo', 'Survey', ['Read']),
    ]);
    expect(switcher()).toHaveValue('research-todo');
    ingest('run-a', [status(4, 'research-todo', 'completed'), status(5, 'verify-todo', 'orchestrating')]);
    // The step at work now, before it has todos of its own.
    expect(switcher()).toHaveValue('verify-todo');
    expect(screen.getByText('No todos yet')).toBeInTheDocument();
    ingest('run-a', [
      todos(6, 'verify-todo', 'Check', ['Claim 1'], 1),
      status(7, 'verify-todo', 'completed'),
      envelope(8, 'run_status', { status: 'completed' }),
    ]);
    expect(switcher()).toHaveValue('verify-todo');
    expect(
      within(switcher())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Research Sources (Todo Orchestrator) · completed · 0/1', 'Verify Claims · completed · 1/1']);
  });

  it('is not there for a plan with one todo_task step', () => {
    const { plan } = loadFixturePlan('Workflow/ResearchReport');
    const document = { id: 'Workflow/ResearchReport', plan, problems: [], legacy: false } as unknown as WorkflowDocument;
    const runs = new Map<string, FakeRun>([['run-a', { summary: fakeRunSummary('run-a'), events: [] }]]);
    const { ingest } = renderWithRunStore(<TodoTreePanel />, { runs, initial: { document, followedRunId: 'run-a', followedRun: runs.get('run-a')!.summary } });
    ingest('run-a', [envelope(1, 'run_status', { status: 'running' }), todos(2, 'research-todo', 'Survey', ['Read'])]);
    expect(screen.queryByRole('combobox', { name: 'todo_task step' })).toBeNull();
    expect(rowTitles()).toEqual(['Read']);
  });
});
