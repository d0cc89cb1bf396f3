import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { walkSteps } from '@planvas/shared';
import { createAppStore } from '../store/app-store';
import { createFixtureApi, createInProcessLayout } from '../test/fixture-api';
import { loadFixturePlan } from '../test/fixtures';
import { Root } from './root';
import { pathForWorkflow } from './router';

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

  it('says so when the workflow does not exist', async () => {
    const { findByRole } = renderApp(pathForWorkflow('No/Such'));
    expect(await findByRole('alert')).toHaveTextContent('No such workflow');
  });
});
