import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { pathForWorkflow } from '../../navigation/workflow-route';
import { renderWorkflowManagement } from '../../test/render-workflow-management';

const WORKSPACE = {
  'Team/Alpha': { steps: 2 },
  'Workflow/ResearchReport': { steps: 12, runs: 3, logs: 7, learnings: 2, bytes: 1_572_864, planRevision: 'rev-shown' },
  'Zed/Last': { steps: 1, stepConfig: false },
};

function openDelete(utils: ReturnType<typeof renderWorkflowManagement>, id: string) {
  const more = utils.getByTestId('workflow-list').querySelector<HTMLElement>(`[data-workflow-id="${id}"]`)!.parentElement!.querySelector('button')!;
  fireEvent.click(more);
  fireEvent.click(within(utils.getByRole('menu')).getByRole('menuitem', { name: 'Delete…' }));
  return utils.getByRole('dialog', { name: 'Delete workflow' });
}

describe('DeleteDialog', () => {
  it('lists what goes, deletes with the revision it showed, and moves an open workflow’s page to the next one', async () => {
    const utils = renderWorkflowManagement(WORKSPACE, { path: pathForWorkflow('Workflow/ResearchReport'), state: { workflowId: 'Workflow/ResearchReport' } });
    const dialog = openDelete(utils, 'Workflow/ResearchReport');
    expect(dialog).toHaveTextContent('Workflow/ResearchReport/ and everything in it is removed from disk');
    const summary = await within(dialog).findByTestId('deletion-summary');
    expect(within(summary).getByRole('list', { name: 'What is deleted' })).toBeInTheDocument();
    expect(within(summary).getByTestId('deletes-plan')).toHaveTextContent('planning/plan.json');
    expect(within(summary).getByTestId('deletes-step-config')).toHaveTextContent('planning/step_config.json');
    expect(within(summary).getByTestId('deletes-runs')).toHaveTextContent('3 runs');
    expect(within(summary).getByTestId('deletes-logs')).toHaveTextContent('7 log files');
    expect(within(summary).getByTestId('deletes-learnings')).toHaveTextContent('2 learnings folders');
    expect(within(summary).getByTestId('deletes-bytes')).toHaveTextContent('1.5 MB on disk in all');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(window.location.pathname).toBe(pathForWorkflow('Zed/Last')));
    const deletion = utils.server.requests.find((r) => r.method === 'DELETE');
    expect(deletion).toMatchObject({ path: '/api/workflows/Workflow%2FResearchReport', headers: { 'if-match': '"rev-shown"' } });
    expect(utils.queryByRole('dialog')).toBeNull();
    expect(utils.store.getState().workflowId).toBe('Zed/Last');
    expect([...utils.getByTestId('workflow-list').querySelectorAll<HTMLElement>('a')].map((a) => a.dataset.workflowId)).toEqual(['Team/Alpha', 'Zed/Last']);
  });

  it('leaves the page where it is when the workflow deleted is not the open one, and says “no runs” for none', async () => {
    const utils = renderWorkflowManagement(WORKSPACE, { path: pathForWorkflow('Team/Alpha'), state: { workflowId: 'Team/Alpha' } });
    const dialog = openDelete(utils, 'Zed/Last');
    const summary = await within(dialog).findByTestId('deletion-summary');
    expect(within(summary).queryByTestId('deletes-step-config')).toBeNull();
    expect(within(summary).getByTestId('deletes-runs')).toHaveTextContent('no runs');
    expect(within(summary).getByTestId('deletes-bytes')).toHaveTextContent('2.0 KB');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(utils.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe(pathForWorkflow('Team/Alpha'));
  });

  it('refuses while a run is going, naming it, before anything is sent', async () => {
    const utils = renderWorkflowManagement({ ...WORKSPACE, 'Team/Alpha': { steps: 2, activeRuns: [{ id: 'run-7', status: 'running' }] } });
    const dialog = openDelete(utils, 'Team/Alpha');
    const blocked = await within(dialog).findByTestId('delete-blocked');
    expect(blocked).toHaveTextContent('A run of this workflow is going (run-7). Cancel it or wait until it ends, then delete.');
    expect(within(dialog).getByRole('button', { name: 'Delete workflow' })).toBeDisabled();
    expect(utils.server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s 409 run_active when a run started after the list was made, and checks again on request', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openDelete(utils, 'Team/Alpha');
    await within(dialog).findByTestId('deletion-summary');
    utils.server.workflows.get('Team/Alpha')!.activeRuns = [{ id: 'run-9', status: 'waiting_for_input' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Not deleted: a run of this workflow is going: run-9 (waiting_for_input)'));
    expect(within(dialog).getByRole('button', { name: 'Delete workflow' })).toBeDisabled();
    expect(utils.server.workflows.has('Team/Alpha')).toBe(true);

    utils.server.workflows.get('Team/Alpha')!.activeRuns = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete workflow' })).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('lists again when plan.json changed since (412), and deletes with the new revision on a second confirm', async () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const dialog = openDelete(utils, 'Team/Alpha');
    await within(dialog).findByTestId('deletion-summary');
    utils.server.workflows.get('Team/Alpha')!.planRevision = 'rev-after-an-edit';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('plan.json changed since this list was made'));
    expect(utils.server.workflows.has('Team/Alpha')).toBe(true);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete workflow' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(utils.server.workflows.has('Team/Alpha')).toBe(false));
    expect(utils.server.requests.filter((r) => r.method === 'DELETE').map((r) => r.headers['if-match'])).toEqual(['"rev-1"', '"rev-after-an-edit"']);
  });
});
