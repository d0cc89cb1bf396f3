import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { walkSteps } from '@planvas/shared';
import { createAppStore } from '../store/app-store';
import { createFixtureApi, createInProcessLayout } from '../test/fixture-api';
import { loadFixturePlan } from '../test/fixtures';
import { PROBLEMS_SEEN_KEY } from './problems-first-open';
import { Root } from './root';
import { pathForWorkflow } from '../navigation/workflow-route';

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const store = createAppStore();
  const api = createFixtureApi();
  const utils = render(<Root store={store} api={api} layout={createInProcessLayout()} />);
  return { ...utils, store, api };
}

const canvas = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="canvas"]');

async function waitForLayout(container: HTMLElement, direction: 'LR' | 'TB') {
  await waitFor(() => expect(canvas(container)).toHaveAttribute('data-layout-state', 'ready'), { timeout: 30_000 });
  expect(canvas(container)).toHaveAttribute('data-direction', direction);
}

describe('App', () => {
  it('lists the workspace’s workflows with step counts and problems, and filters them', async () => {
    const { findByTestId, getByTestId } = renderApp('/');
    const list = await findByTestId('workflow-list');
    await waitFor(() => expect(list.querySelectorAll('a')).toHaveLength(5));
    const research = list.querySelector('[data-workflow-id="Workflow/ResearchReport"]')!;
    expect(research).toHaveTextContent('ResearchReport');
    expect(research).toHaveTextContent('12 steps');
    expect(research).toHaveAttribute('href', '/workflows/Workflow%2FResearchReport');
    fireEvent.change(getByTestId('workflow-search'), { target: { value: 'ops' } });
    expect([...list.querySelectorAll('a')].map((a) => a.getAttribute('data-workflow-id'))).toEqual(['Team/Ops/FourSpaceIndent']);
  });

  it('opens the workflow of a deep link with every step and sub-agent node, then switches to TB', async () => {
    const { container, getByTestId } = renderApp(pathForWorkflow('Workflow/ResearchReport'));
    await waitForLayout(container, 'LR');
    const plan = loadFixturePlan('Workflow/ResearchReport').plan;
    const ids = [...container.querySelectorAll('.react-flow__node')].map((n) => n.getAttribute('data-id'));
    for (const visit of walkSteps(plan)) {
      const expected = visit.scope === 'sub_agent' ? `${visit.parentId}-sub-agent-${visit.routeId}` : visit.step.id;
      expect(ids).toContain(expected);
    }
    expect(ids).toContain('research-todo-sub-agent-generic');
    const todo = container.querySelector('.react-flow__node[data-id="research-todo"]')!;
    expect(todo.querySelector('.react-flow__handle-right[data-handleid="literature"]')).not.toBeNull();

    fireEvent.click(getByTestId('layout-direction'));
    await waitForLayout(container, 'TB');
    await waitFor(() => expect(todo.querySelector('.react-flow__handle-bottom[data-handleid="literature"]')).not.toBeNull());
    expect(todo.querySelector('.react-flow__handle-top[data-handleid="in"]')).not.toBeNull();
  });

  it('saves the layout it computed and opens the same plan from it next time, without laying out again', async () => {
    const api = createFixtureApi();
    const inProcess = createInProcessLayout();
    let layouts = 0;
    const counting = { ...inProcess, layout: (...args: Parameters<typeof inProcess.layout>) => ((layouts += 1), inProcess.layout(...args)) };
    const id = 'Workflow/ResearchReport';
    window.history.replaceState(null, '', pathForWorkflow(id));
    const first = render(<Root store={createAppStore()} api={api} layout={counting} />);
    await waitForLayout(first.container, 'LR');
    expect(canvas(first.container)).toHaveAttribute('data-layout-source', 'elk');
    expect(layouts).toBe(1);
    await waitFor(() => expect(api.layouts.get(id)?.LR?.key).toMatch(/^v\d+-/));
    const saved = api.layouts.get(id)!.LR!;
    const drawnAt = (container: HTMLElement) =>
      Object.fromEntries([...container.querySelectorAll<HTMLElement>('.react-flow__node[data-id]')].map((n) => [n.dataset['id'], n.style.transform]));
    const firstPositions = drawnAt(first.container);
    expect(Object.keys(saved.positions).sort()).toEqual(Object.keys(firstPositions).sort());
    first.unmount();

    const again = render(<Root store={createAppStore()} api={api} layout={counting} />);
    await waitForLayout(again.container, 'LR');
    expect(canvas(again.container)).toHaveAttribute('data-layout-source', 'saved');
    expect(layouts).toBe(1);
    expect(drawnAt(again.container)).toEqual(firstPositions);
    again.unmount();

    // A saved layout of another geometry (the plan changed since) is not used.
    api.layouts.set(id, { LR: { ...saved, key: 'v1-stale' } });
    const stale = render(<Root store={createAppStore()} api={api} layout={counting} />);
    await waitForLayout(stale.container, 'LR');
    expect(canvas(stale.container)).toHaveAttribute('data-layout-source', 'elk');
    expect(layouts).toBe(2);
    await waitFor(() => expect(api.layouts.get(id)?.LR?.key).toBe(saved.key));
    stale.unmount();
  });

  it('restores the saved direction of a workflow and saves a change', async () => {
    window.history.replaceState(null, '', pathForWorkflow('Team/Ops/FourSpaceIndent'));
    const api = createFixtureApi();
    api.views.set('Team/Ops/FourSpaceIndent', { direction: 'TB', positions: { LR: {}, TB: {} } });
    const { container, getByTestId } = render(<Root store={createAppStore()} api={api} layout={createInProcessLayout()} />);
    await waitForLayout(container, 'TB');
    fireEvent.click(getByTestId('layout-direction'));
    await waitForLayout(container, 'LR');
    await waitFor(() => expect(api.views.get('Team/Ops/FourSpaceIndent')?.direction).toBe('LR'), { timeout: 30_000 });
  });

  it('shows problems and centres the offending node when one is clicked', async () => {
    const { container, findByTestId, store } = renderApp(pathForWorkflow('Workflow/ResearchReport'));
    await waitForLayout(container, 'LR');
    const plan = structuredClone(store.getState().document!.plan!);
    (plan.steps[0] as { next_step_id?: string }).next_step_id = 'nowhere';
    const { checkPlan } = await import('@planvas/shared');
    act(() => {
      store.getState().setDocument({ ...store.getState().document!, plan, problems: checkPlan(plan) });
      store.getState().togglePanel('problems', true);
    });
    const list = await findByTestId('problems-list');
    const problem = within(list).getByText(/jumps to "nowhere"/);
    fireEvent.click(problem);
    expect(store.getState().selectedNodeId).toBe('gather-sources');
    await waitFor(() => expect(container.querySelector('.react-flow__node[data-id="gather-sources"]')).toHaveClass('selected'));
    expect(container.querySelector('.react-flow__node[data-id="gather-sources"] [data-testid="problems-badge"]')).not.toBeNull();
  });

  it('opens the problems panel by itself only the first time a workflow with problems is opened; it folds to its header', async () => {
    window.localStorage.removeItem(PROBLEMS_SEEN_KEY);
    const first = renderApp(pathForWorkflow('Workflow/LegacyOnboarding'));
    const list = await first.findByTestId('problems-list');
    const orphan = () => list.querySelector('[data-code="orphan_step_config"][data-step-id="background-check"]');
    expect(orphan()).not.toBeNull();
    // Folded, it keeps its header and count; unfolded again, the list is back.
    fireEvent.click(within(list).getByRole('button', { name: /^Problems/ }));
    expect(orphan()).toBeNull();
    expect(within(list).getByRole('button', { name: /^Problems/ })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(within(list).getByRole('button', { name: /^Problems/ }));
    expect(orphan()).not.toBeNull();
    first.unmount();

    const again = renderApp(pathForWorkflow('Workflow/LegacyOnboarding'));
    await waitFor(() => expect(again.store.getState().document?.id).toBe('Workflow/LegacyOnboarding'));
    expect(again.queryByTestId('problems-list')).toBeNull();
    const toggle = again.getByTestId('toggle-problems');
    expect(toggle).toHaveTextContent(String(again.store.getState().document!.problems.length));
    fireEvent.click(toggle);
    expect(await again.findByTestId('problems-list')).toBeInTheDocument();
  });

  it('puts the legacy fix notice in a bar above the canvas that can be dismissed; the problems panel still offers the fix', async () => {
    const { findByTestId, getByTestId, queryByTestId, store } = renderApp(pathForWorkflow('Workflow/LegacyOnboarding'));
    const banner = await findByTestId('fix-banner');
    expect(banner.closest('.pv-stage__notices')).not.toBeNull();
    expect(getByTestId('canvas').contains(banner)).toBe(false);
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(queryByTestId('fix-banner')).toBeNull();
    act(() => store.getState().togglePanel('problems', true));
    fireEvent.click(within(getByTestId('problems-list')).getByRole('button', { name: /Fix/ }));
    expect(store.getState().overlay).toBe('migrate');
  });

  it('says so when the workflow does not exist', async () => {
    const { findByRole } = renderApp(pathForWorkflow('No/Such'));
    expect(await findByRole('alert')).toHaveTextContent('No such workflow');
  });
});
