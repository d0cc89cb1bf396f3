import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findStep, type Plan } from '@planvas/shared';
import type { AppStore } from '../store/app-store';
import { draftKey } from '../store/persistence/draft-storage';
import { openEditor, RESEARCH_REPORT as ID } from '../test/open-editor';

afterEach(() => {
  // Unmounting writes the pending draft: it goes first, so the next test starts with none.
  cleanup();
  window.localStorage.clear();
});

const key = (k: string, init: Partial<KeyboardEventInit> = {}) => act(() => void fireEvent.keyDown(window, { key: k, ...init }));
const planOf = (store: AppStore): Plan => store.getState().document!.plan!;
const hasStep = (store: AppStore, id: string) => findStep(planOf(store), id) !== undefined;
const saveButton = () => screen.getByTestId('save');

describe('editor', () => {
  it('palette: a click adds a step of each kind, selected and shown in the inspector; the save button turns dirty', async () => {
    const { store, getByTestId, container } = await openEditor();
    expect(saveButton()).toHaveAttribute('data-dirty', 'false');
    expect(saveButton()).toBeDisabled();
    for (const kind of ['regular', 'todo_task', 'orchestration', 'routing', 'conditional', 'decision', 'human_input']) {
      fireEvent.click(getByTestId(`palette-item-${kind}`));
      const id = store.getState().selectedNodeId!;
      expect(findStep(planOf(store), id)?.step.type).toBe(kind);
    }
    expect(getByTestId('inspector')).toHaveAttribute('data-node-id', 'human-input');
    expect(saveButton()).toHaveAttribute('data-dirty', 'true');
    await waitFor(() => expect(container.querySelector('.react-flow__node[data-id="human-input"]')).not.toBeNull(), { timeout: 30_000 });
  });

  it('Delete asks how to re-link; undo / redo with the keyboard; Ctrl+D duplicates; copy and paste through the clipboard events', async () => {
    const { store } = await openEditor();
    act(() => store.getState().setSelection(['revise-scope'], []));
    key('Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete steps' });
    expect(dialog).toHaveTextContent('final-decision');
    fireEvent.click(within(dialog).getByRole('button', { name: /re-link to successor/ }));
    expect(hasStep(store, 'revise-scope')).toBe(false);
    expect(findStep(planOf(store), 'final-decision')?.step).toMatchObject({ if_false_next_step_id: 'draft-report' });

    key('z', { ctrlKey: true });
    expect(hasStep(store, 'revise-scope')).toBe(true);
    expect(saveButton()).toHaveAttribute('data-dirty', 'false');
    key('z', { ctrlKey: true, shiftKey: true });
    expect(hasStep(store, 'revise-scope')).toBe(false);
    key('y', { ctrlKey: true });
    key('z', { ctrlKey: true });

    act(() => store.getState().setSelection(['gather-sources'], []));
    key('d', { ctrlKey: true });
    expect(hasStep(store, 'gather-sources-2')).toBe(true);

    act(() => store.getState().setSelection(['draft-report'], []));
    key('c', { ctrlKey: true });
    const copied = new Map<string, string>();
    act(() => void fireEvent.copy(document, { clipboardData: { setData: (type: string, value: string) => copied.set(type, value) } }));
    expect(JSON.parse(copied.get('text/plain')!)).toMatchObject({ format: 'planvas/steps', steps: [{ id: 'draft-report' }] });
    act(() => void fireEvent.paste(document, { clipboardData: { getData: () => copied.get('text/plain') } }));
    expect(hasStep(store, 'draft-report-2')).toBe(true);
    expect(store.getState().selectedNodeIds).toEqual(['draft-report-2']);
    expect(screen.getAllByRole('status').some((s) => /Copied 1 step/.test(s.textContent ?? ''))).toBe(true);
  });

  it('right-click menus: delete a connection, remove a route, add a step where clicked; Ctrl+A selects every step', async () => {
    const { store, container } = await openEditor();
    const rightClick = async (selector: string) => {
      // Edges are drawn once React Flow has measured their nodes.
      const target = await waitFor(() => {
        const found = container.querySelector(selector);
        if (!found) throw new Error(`no ${selector} yet`);
        return found;
      });
      act(() => void fireEvent.contextMenu(target, { clientX: 200, clientY: 200 }));
    };

    await rightClick('.react-flow__edge[data-id="deep-analysis:next->choose-depth"]');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Delete connection/ }));
    expect(findStep(planOf(store), 'deep-analysis')?.step).not.toHaveProperty('next_step_id');

    await rightClick('.react-flow__node[data-id="research-todo-sub-agent-fact-check"]');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Remove route “fact-check”/ }));
    expect(hasStep(store, 'fact-checker')).toBe(false);

    await rightClick('.react-flow__node[data-id="gather-sources"]');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /^Duplicate/ }));
    expect(hasStep(store, 'gather-sources-2')).toBe(true);

    await rightClick('.react-flow__pane');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Add Routing here' }));
    expect(hasStep(store, 'routing')).toBe(true);
    expect(store.getState().manualPositions.LR['routing']).toBeDefined();
    expect(store.getState().past.map((e) => e.label)).toEqual(['Delete connection', 'Remove route', 'Duplicate', 'Add Routing']);

    key('a', { ctrlKey: true });
    expect(store.getState().selectedNodeIds).toEqual(planOf(store).steps.map((step) => step.id));
  });

  it('Ctrl+S saves against the revision; a change on disk then reloads the clean page', async () => {
    const { store, workspace } = await openEditor();
    act(() => void store.getState().updateStepFields('gather-sources', { title: 'Collected' }));
    key('s', { ctrlKey: true });
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-dirty', 'false'));
    expect(workspace.writes).toEqual([{ workflowId: ID, document: 'plan', clientId: 'tab-a' }]);
    expect(findStep(workspace.workflows.get(ID)!.plan, 'gather-sources')?.step.title).toBe('Collected');

    const plan = structuredClone(workspace.workflows.get(ID)!.plan);
    plan.steps[0]!.title = 'Changed in an editor';
    act(() => workspace.editOnDisk(ID, { plan }));
    await waitFor(() => expect(findStep(planOf(store), 'gather-sources')?.step.title).toBe('Changed in an editor'));
    expect(screen.getAllByRole('status').some((s) => /changed on disk/.test(s.textContent ?? ''))).toBe(true);
  });

  it('another tab’s save while this one is dirty opens the conflict dialog; keep mine saves both', async () => {
    const { store, workspace } = await openEditor();
    act(() => void store.getState().updateStepFields('draft-report', { title: 'Mine' }));
    const other = workspace.authoringApi('tab-b');
    const theirs = structuredClone(workspace.workflows.get(ID)!.plan);
    theirs.steps[0]!.title = 'Theirs';
    await act(() => other.savePlan(ID, theirs, workspace.workflows.get(ID)!.planRevision));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(within(dialog).getAllByTestId('document-diff')[0]).toHaveTextContent('"title": "Theirs"');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Your changes' }));
    expect(within(dialog).getByTestId('document-diff')).toHaveTextContent('"title": "Mine"');
    expect(within(dialog).getByTestId('document-diff')).not.toHaveTextContent('Theirs');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conflict' })).toBeNull());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-dirty', 'false'));
    const onDisk = workspace.workflows.get(ID)!.plan;
    expect(findStep(onDisk, 'gather-sources')?.step.title).toBe('Theirs');
    expect(findStep(onDisk, 'draft-report')?.step.title).toBe('Mine');
  });

  it('keeps the unsaved draft in the browser and offers it back on the next open', async () => {
    const first = await openEditor();
    act(() => void first.store.getState().updateStepFields('draft-report', { title: 'Not saved yet' }));
    await waitFor(() => expect(window.localStorage.getItem(draftKey(ID))).not.toBeNull(), { timeout: 5000 });
    first.unmount();

    const second = await openEditor();
    const banner = await screen.findByTestId('draft-banner');
    fireEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    expect(findStep(planOf(second.store), 'draft-report')?.step.title).toBe('Not saved yet');
    expect(saveButton()).toHaveAttribute('data-dirty', 'true');
  });

  it('? lists the shortcuts; the settings panel saves the workspace LLMs', async () => {
    const { store, workspace } = await openEditor();
    key('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Undo');
    expect(help).toHaveTextContent('Duplicate');
    key('Escape');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();

    fireEvent.click(screen.getByTestId('open-settings'));
    const settings = screen.getByRole('dialog', { name: 'Workspace settings' });
    fireEvent.change(within(settings).getByLabelText('Preset execution LLM provider'), { target: { value: 'openai' } });
    fireEvent.change(within(settings).getByLabelText('Preset execution LLM model'), { target: { value: 'gpt-4.1' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(workspace.settings).toEqual({ presetExecutionLlm: { provider: 'openai', model_id: 'gpt-4.1' } }));
    expect(store.getState().workspaceSettings.presetExecutionLlm?.model_id).toBe('gpt-4.1');
  });

  it('flags orphaned step_config entries with a fix that shows the dry run before applying it', async () => {
    const { store, workspace } = await openEditor({ id: 'Workflow/LegacyOnboarding' });
    fireEvent.click(await screen.findByTestId('review-fix'));
    const dialog = screen.getByRole('dialog', { name: 'Fix this workflow' });
    const changes = await within(dialog).findByTestId('migration-changes');
    expect(changes).toHaveTextContent('removed');
    const before = workspace.workflows.get('Workflow/LegacyOnboarding')!.stepConfig!.steps.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply fix' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fix this workflow' })).toBeNull());
    expect(workspace.workflows.get('Workflow/LegacyOnboarding')!.stepConfig!.steps.length).toBeLessThan(before);
    expect(store.getState().document!.problems.some((p) => p.code === 'orphan_step_config')).toBe(false);
  });
});
