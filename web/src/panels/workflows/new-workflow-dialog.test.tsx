import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { renderWorkflowManagement } from '../../test/render-workflow-management';

const WORKSPACE = { 'Workflow/ResearchReport': { steps: 12, problems: 2 }, 'Team/Ops/Flow': { steps: 3 } };

function openNewDialog(utils: ReturnType<typeof renderWorkflowManagement>) {
  // A click focuses a button in a browser; fireEvent does not.
  utils.getByTestId('new-workflow').focus();
  fireEvent.click(utils.getByTestId('new-workflow'));
  return utils.getByRole('dialog', { name: 'New workflow' });
}

describe('NewWorkflowDialog', () => {
  it('creates a workflow from the todo_task template with its objective, lists it and opens it', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openNewDialog(utils);
    const path = within(dialog).getByLabelText('Path');
    expect(path).toHaveFocus();
    fireEvent.change(path, { target: { value: 'Team/Research' } });
    expect(dialog).toHaveTextContent('Creates Team/Research/planning/plan.json');
    const todo = within(dialog).getByRole('radio', { name: 'Todo task' });
    expect(todo).toHaveAccessibleDescription(expect.stringContaining('breaks the objective into todos'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Blank' }));
    expect(within(dialog).getByLabelText('Objective (optional)')).toBeInTheDocument();
    fireEvent.click(todo);
    fireEvent.change(within(dialog).getByLabelText('Objective'), { target: { value: 'Survey the field' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));

    await waitFor(() => expect(window.location.pathname).toBe('/workflows/Team%2FResearch'));
    expect(utils.queryByRole('dialog')).toBeNull();
    const post = utils.server.requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ path: '/api/workflows', body: { id: 'Team/Research', template: 'todo_task', objective: 'Survey the field' } });
    expect(post?.headers['x-planvas-client']).toBe(utils.api.clientId);
    const row = await waitFor(() => utils.getByTestId('workflow-list').querySelector('[data-workflow-id="Team/Research"]')!);
    expect(row).toHaveTextContent('1 step');
    // In id order, as the server lists them.
    expect([...utils.getByTestId('workflow-list').querySelectorAll('a')].map((a) => a.dataset.workflowId)).toEqual([
      'Team/Ops/Flow',
      'Team/Research',
      'Workflow/ResearchReport',
    ]);
  });

  it('shows the server’s refusal of the path on the path field, and lets the user fix it', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openNewDialog(utils);
    const path = within(dialog).getByLabelText('Path');
    fireEvent.change(path, { target: { value: 'Team/../Escape' } });
    fireEvent.submit(path.closest('form')!);

    await waitFor(() => expect(path).toHaveAttribute('aria-invalid', 'true'));
    expect(path).toHaveAccessibleDescription(expect.stringContaining('Invalid workflow id "Team/../Escape": it contains ".."'));
    expect(utils.getByRole('dialog', { name: 'New workflow' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');

    fireEvent.change(path, { target: { value: 'Team/Escape' } });
    expect(path).not.toHaveAttribute('aria-invalid');
  });

  it('puts a 409 workflow_exists (no detail path) on the path field too, and an objective refusal on the objective', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    // Made elsewhere after the list was read: the list does not know it yet, the server does.
    utils.server.workflows.set('Team/Late', { steps: 0 });
    const dialog = openNewDialog(utils);
    const path = within(dialog).getByLabelText('Path');
    fireEvent.change(path, { target: { value: 'Team/Late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(path).toHaveAccessibleDescription(expect.stringContaining('Workflow "Team/Late" already exists')));

    fireEvent.change(path, { target: { value: 'Team/Fresh' } });
    const objective = within(dialog).getByLabelText('Objective');
    fireEvent.change(objective, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(objective).toHaveAttribute('aria-invalid', 'true'));
    expect(objective).toHaveAccessibleDescription(expect.stringContaining('Too long'));
    expect(path).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a path the list already holds without asking the server, and closes with Escape', () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openNewDialog(utils);
    fireEvent.change(within(dialog).getByLabelText('Path'), { target: { value: 'Team/Ops/Flow' } });
    expect(within(dialog).getByLabelText('Path')).toHaveAccessibleDescription(expect.stringContaining('A workflow is already at Team/Ops/Flow'));
    expect(within(dialog).getByRole('button', { name: 'Create workflow' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(utils.queryByRole('dialog')).toBeNull();
    expect(utils.server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(utils.getByTestId('new-workflow')).toHaveFocus();
  });
});
