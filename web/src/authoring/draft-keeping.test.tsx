import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findStep } from '@planvas/shared';
import type { AppStore } from '../store/app-store';
import { draftKey } from '../store/persistence/draft-storage';
import { canvasReady, openEditor, RESEARCH_REPORT as A } from '../test/open-editor';

const B = 'Workflow/NoFinalNewline';

afterEach(() => {
  // Unmounting writes the pending draft: it goes first, so the next test starts with none.
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const titleOf = (store: AppStore, stepId: string) => findStep(store.getState().document!.plan!, stepId)?.step.title;
const saveButton = () => screen.getByTestId('save');
const sidebarLink = (id: string) => screen.getByTestId('workflow-list').querySelector<HTMLAnchorElement>(`a[data-workflow-id="${id}"]`)!;

/** Clicks a workflow in the sidebar and waits until it is open and laid out. */
async function openFromSidebar(store: AppStore, container: HTMLElement, id: string) {
  await waitFor(() => expect(sidebarLink(id)).not.toBeNull());
  fireEvent.click(sidebarLink(id));
  await waitFor(() => expect(store.getState().document?.id).toBe(id));
  await canvasReady(container);
}

/** An edit made in the inspector's way (one undo step), not saved. */
function editTitle(store: AppStore, title: string) {
  act(() => void store.getState().updateStepFields('draft-report', { title }));
  expect(saveButton()).toHaveAttribute('data-dirty', 'true');
}

describe('leaving a workflow with unsaved edits', () => {
  it('sidebar away and back: the draft is kept, offered back (Save does not say "Saved") and restored', async () => {
    const { store, container } = await openEditor();
    editTitle(store, 'Edited, then left');
    await openFromSidebar(store, container, B);
    // Left at once, before the debounced write: the draft was written when A was left.
    expect(window.localStorage.getItem(draftKey(A))).not.toBeNull();

    await openFromSidebar(store, container, A);
    const banner = await screen.findByTestId('draft-banner');
    expect(titleOf(store, 'draft-report')).toBe('Draft Report');
    expect(saveButton()).toHaveAttribute('data-status', 'draft');
    expect(saveButton().getAttribute('aria-label')).not.toMatch(/saved\)/i);
    expect(document.title.startsWith('● ')).toBe(true);
    expect(window.localStorage.getItem(draftKey(A))).not.toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    expect(titleOf(store, 'draft-report')).toBe('Edited, then left');
    expect(saveButton()).toHaveAttribute('data-status', 'unsaved');
    expect(screen.queryByTestId('draft-banner')).toBeNull();
  });

  it('browser back and forward keep the draft the same way', async () => {
    const { store, container } = await openEditor();
    await openFromSidebar(store, container, B);
    act(() => window.history.back());
    await waitFor(() => expect(store.getState().document?.id).toBe(A));
    await canvasReady(container);
    editTitle(store, 'Edited before going forward');
    act(() => window.history.forward());
    await waitFor(() => expect(store.getState().document?.id).toBe(B));
    act(() => window.history.back());
    await waitFor(() => expect(store.getState().document?.id).toBe(A));
    fireEvent.click(within(await screen.findByTestId('draft-banner')).getByRole('button', { name: 'Restore' }));
    expect(titleOf(store, 'draft-report')).toBe('Edited before going forward');
  });

  it('an edit while the draft is offered waits for the choice: neither it nor the draft is lost', async () => {
    const { store, container } = await openEditor();
    editTitle(store, 'The first session');
    await openFromSidebar(store, container, B);
    await openFromSidebar(store, container, A);
    await screen.findByTestId('draft-banner');
    act(() => void store.getState().updateStepFields('gather-sources', { title: 'On top of the disk version' }));
    expect(store.getState().dirty).toBe(false);
    expect(screen.getAllByRole('status').some((s) => /Restore or discard the unsaved changes/.test(s.textContent ?? ''))).toBe(true);
    expect(window.localStorage.getItem(draftKey(A))).toContain('The first session');
  });

  it('Discard deletes the draft for good', async () => {
    const { store, container } = await openEditor();
    editTitle(store, 'To be discarded');
    await openFromSidebar(store, container, B);
    await openFromSidebar(store, container, A);
    fireEvent.click(within(await screen.findByTestId('draft-banner')).getByRole('button', { name: 'Discard' }));
    expect(window.localStorage.getItem(draftKey(A))).toBeNull();
    expect(saveButton()).toHaveAttribute('data-status', 'saved');
    await openFromSidebar(store, container, B);
    await openFromSidebar(store, container, A);
    expect(screen.queryByTestId('draft-banner')).toBeNull();
  });

  it('saving the restored draft deletes it', async () => {
    const { store, container, workspace } = await openEditor();
    editTitle(store, 'Restored and saved');
    await openFromSidebar(store, container, B);
    await openFromSidebar(store, container, A);
    fireEvent.click(within(await screen.findByTestId('draft-banner')).getByRole('button', { name: 'Restore' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-status', 'saved'));
    expect(findStep(workspace.workflows.get(A)!.plan, 'draft-report')?.step.title).toBe('Restored and saved');
    await waitFor(() => expect(window.localStorage.getItem(draftKey(A))).toBeNull());
  });

  it('closing the tab asks only when the browser would not keep the draft', async () => {
    const { store } = await openEditor();
    editTitle(store, 'Kept by the browser');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    expect(window.localStorage.getItem(draftKey(A))).toContain('Kept by the browser');

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    editTitle(store, 'Not kept: the storage is full');
    expect(unload()).toBe(true);
  });
});
