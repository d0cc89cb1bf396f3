import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { pathForWorkflow } from '../../navigation/workflow-route';
import { renderWorkflowManagement } from '../../test/render-workflow-management';

const WORKSPACE = { 'Workflow/ResearchReport': { steps: 12, runs: 2 }, 'Team/Ops/Flow': { steps: 3 } };

function openFromMenu(utils: ReturnType<typeof renderWorkflowManagement>, id: string, item: string, dialogName: string) {
  const link = utils.getByTestId('workflow-list').querySelector<HTMLElement>(`[data-workflow-id="${id}"]`)!;
  fireEvent.contextMenu(link, { clientX: 30, clientY: 60 });
  fireEvent.click(within(utils.getByRole('menu')).getByRole('menuitem', { name: item }));
  return utils.getByRole('dialog', { name: dialogName });
}

const listed = (utils: ReturnType<typeof renderWorkflowManagement>) =>
  [...utils.getByTestId('workflow-list').querySelectorAll<HTMLElement>('a')].map((a) => a.dataset.workflowId);

describe('DuplicateDialog', () => {
  it('starts from "<id> copy", copies under the path given, lists the copy and opens it', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openFromMenu(utils, 'Team/Ops/Flow', 'Duplicate…', 'Duplicate workflow');
    const path = within(dialog).getByLabelText('New path');
    expect(path).toHaveValue('Team/Ops/Flow copy');
    expect(path).toHaveFocus();
    // The name after the last folder is selected: typing replaces it, the folders stay.
    expect([(path as HTMLInputElement).selectionStart, (path as HTMLInputElement).selectionEnd]).toEqual(['Team/Ops/'.length, 'Team/Ops/Flow copy'.length]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(window.location.pathname).toBe(pathForWorkflow('Team/Ops/Flow copy')));
    expect(utils.server.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/workflows/Team%2FOps%2FFlow/duplicate',
      body: { newId: 'Team/Ops/Flow copy' },
    });
    await waitFor(() => expect(listed(utils)).toEqual(['Team/Ops/Flow', 'Team/Ops/Flow copy', 'Workflow/ResearchReport']));
  });

  it('shows a 409 workflow_exists on the path field', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    utils.server.workflows.set('Team/Ops/Taken', { steps: 1 });
    const dialog = openFromMenu(utils, 'Team/Ops/Flow', 'Duplicate…', 'Duplicate workflow');
    const path = within(dialog).getByLabelText('New path');
    fireEvent.change(path, { target: { value: 'Team/Ops/Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(path).toHaveAttribute('aria-invalid', 'true'));
    expect(path).toHaveAccessibleDescription(expect.stringContaining('Workflow "Team/Ops/Taken" already exists'));
    expect(window.location.pathname).toBe('/');
  });
});

describe('RenameDialog', () => {
  it('moves the open workflow, follows it to its new address and saves its view there first', async () => {
    const utils = renderWorkflowManagement(WORKSPACE, {
      path: pathForWorkflow('Workflow/ResearchReport'),
      state: { workflowId: 'Workflow/ResearchReport', viewOf: 'Workflow/ResearchReport', viewport: { x: 10, y: 20, zoom: 1.5 } },
    });
    const dialog = openFromMenu(utils, 'Workflow/ResearchReport', 'Rename or move…', 'Rename or move workflow');
    expect(dialog).toHaveTextContent('runs, logs and learnings move with the folder');
    expect(dialog).toHaveTextContent('The canvas follows it there.');
    const path = within(dialog).getByLabelText('New path');
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
    fireEvent.change(path, { target: { value: 'Archive/ResearchReport' } });
    const entries = window.history.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(window.location.pathname).toBe(pathForWorkflow('Archive/ResearchReport')));
    expect(utils.api.views.get('Workflow/ResearchReport')?.viewport).toEqual({ x: 10, y: 20, zoom: 1.5 });
    expect(utils.server.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/workflows/Workflow%2FResearchReport/rename',
      body: { newId: 'Archive/ResearchReport' },
    });
    await waitFor(() => expect(listed(utils)).toEqual(['Archive/ResearchReport', 'Team/Ops/Flow']));
    // The old address was replaced, not stacked: Back does not lead to a workflow that is no longer there.
    expect(window.history.length).toBe(entries);
  });

  it('refuses while the workflow has unsaved changes, and says so', () => {
    const utils = renderWorkflowManagement(WORKSPACE, { state: { workflowId: 'Team/Ops/Flow', dirty: true } });
    const dialog = openFromMenu(utils, 'Team/Ops/Flow', 'Rename or move…', 'Rename or move workflow');
    fireEvent.change(within(dialog).getByLabelText('New path'), { target: { value: 'Team/Flow' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This workflow has unsaved changes. Save them (or undo them) first');
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
  });

  it('shows the run_active refusal, naming the run', async () => {
    const utils = renderWorkflowManagement({ ...WORKSPACE, 'Team/Ops/Flow': { steps: 3, activeRuns: [{ id: 'run-42', status: 'running' }] } });
    const dialog = openFromMenu(utils, 'Team/Ops/Flow', 'Rename or move…', 'Rename or move workflow');
    fireEvent.change(within(dialog).getByLabelText('New path'), { target: { value: 'Team/Flow' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('has a run going (run-42: running)'));
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('runs.run-42');
    expect(listed(utils)).toEqual(['Team/Ops/Flow', 'Workflow/ResearchReport']);
  });
});
