import { describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { renderWorkflowManagement } from '../../test/render-workflow-management';

const WORKSPACE = { 'Workflow/ResearchReport': { steps: 12 }, 'Team/Ops/Flow': { steps: 3 } };

const row = (utils: ReturnType<typeof renderWorkflowManagement>, id: string) =>
  utils.getByTestId('workflow-list').querySelector<HTMLElement>(`[data-workflow-id="${id}"]`)!.parentElement!;

describe('the sidebar’s workflow menu', () => {
  it('opens from the "⋯" button, moves with the arrow keys, closes with Escape and gives focus back', () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const more = within(row(utils, 'Team/Ops/Flow')).getByRole('button', { name: 'Actions for Team/Ops/Flow' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = utils.getByRole('menu', { name: 'Actions for Team/Ops/Flow' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Duplicate…', 'Rename or move…', 'Delete…']);
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(items[2]).toHaveFocus();
    fireEvent.keyDown(items[2]!, { key: 'Home' });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(utils.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on a right-click of the row, and its item opens the dialog for that workflow', () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const link = utils.getByTestId('workflow-list').querySelector<HTMLElement>('[data-workflow-id="Workflow/ResearchReport"]')!;
    fireEvent.contextMenu(link, { clientX: 40, clientY: 120 });
    const menu = utils.getByRole('menu', { name: 'Actions for Workflow/ResearchReport' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Rename or move…' }));
    expect(utils.queryByRole('menu')).toBeNull();
    const dialog = utils.getByRole('dialog', { name: 'Rename or move workflow' });
    expect(within(dialog).getByLabelText('New path')).toHaveValue('Workflow/ResearchReport');
    expect(utils.store.getState().workflowDialog).toEqual({ action: 'rename', workflowId: 'Workflow/ResearchReport' });
  });

  it('closes on a click elsewhere; the "⋯" button toggles it', () => {
    const utils = renderWorkflowManagement(WORKSPACE);
    const more = within(row(utils, 'Team/Ops/Flow')).getByTestId('workflow-actions');
    fireEvent.click(more);
    expect(utils.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseDown(more);
    fireEvent.click(more);
    expect(utils.queryByRole('menu')).toBeNull();
    fireEvent.click(more);
    fireEvent.mouseDown(utils.getByTestId('workflow-search'));
    expect(utils.queryByRole('menu')).toBeNull();
  });
});
