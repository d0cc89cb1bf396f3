import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { findStep } from '@planvas/shared';
import type { AppStore } from '../store/app-store';
import { openEditor, RESEARCH_REPORT as ID } from '../test/open-editor';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const titleOf = (store: AppStore, stepId: string) => findStep(store.getState().document!.plan!, stepId)?.step.title;
const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.textContent ?? '');

describe('an outside edit reloads a clean page', () => {
  it('says which file changed, and undo does not reach back past the reload', async () => {
    const { store, workspace } = await openEditor();
    // Something to undo before the reload: an edit, saved.
    act(() => void store.getState().updateStepFields('draft-report', { title: 'Saved before the reload' }));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(screen.getByTestId('save')).toHaveAttribute('data-status', 'saved'));
    expect(screen.getByTestId('undo')).toBeEnabled();

    const plan = structuredClone(workspace.workflows.get(ID)!.plan);
    plan.steps[0]!.title = 'Changed in an editor';
    act(() => workspace.editOnDisk(ID, { plan }));
    await waitFor(() => expect(titleOf(store, 'gather-sources')).toBe('Changed in an editor'));
    expect(toastTexts()).toContain('plan.json changed on disk; reloaded');

    expect(screen.getByTestId('undo')).toBeDisabled();
    act(() => void fireEvent.keyDown(window, { key: 'z', ctrlKey: true }));
    expect(titleOf(store, 'gather-sources')).toBe('Changed in an editor');
    expect(titleOf(store, 'draft-report')).toBe('Saved before the reload');
    expect(store.getState().dirty).toBe(false);
  });

  it('names step_config.json when that is the file that changed', async () => {
    const { store, workspace } = await openEditor();
    const stepConfig = structuredClone(workspace.workflows.get(ID)!.stepConfig!);
    stepConfig.steps[0]!.title = 'Config edited in an editor';
    act(() => workspace.editOnDisk(ID, { stepConfig }));
    await waitFor(() => expect(toastTexts()).toContain('step_config.json changed on disk; reloaded'));
    expect(store.getState().past).toEqual([]);
  });
});
