import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { Root } from '../app/root';
import { pathForWorkflow } from '../navigation/workflow-route';
import { createAppStore } from '../store/app-store';
import { createFixtureApi, createInProcessLayout } from '../test/fixture-api';
import { envelope } from '../test/log-events';

const RUN = 'run-1';

/** The demo open on the whole canvas (the app, as a user has it), laid out. */
async function openDemo() {
  window.history.replaceState(null, '', pathForWorkflow('Workflow/ResearchReport'));
  const store = createAppStore();
  const utils = render(<Root store={store} api={createFixtureApi()} layout={createInProcessLayout()} />);
  const canvas = () => utils.container.querySelector<HTMLElement>('[data-testid="canvas"]')!;
  await waitFor(() => expect(canvas()).toHaveAttribute('data-layout-state', 'ready'), { timeout: 30_000 });
  return { ...utils, store, canvas };
}

/** A run at research-todo, delegating to its literature route. */
const runEvents = [
  envelope(1, 'run_status', { status: 'running' }),
  envelope(2, 'step_status', { step_id: 'gather-sources', status: 'running' }),
  envelope(3, 'step_status', { step_id: 'gather-sources', status: 'completed' }),
  envelope(4, 'step_status', { step_id: 'research-todo', status: 'running' }),
  envelope(5, 'step_status', { step_id: 'research-todo', status: 'orchestrating' }),
  envelope(6, 'step_status', { step_id: 'literature', status: 'executing', parent_step_id: 'research-todo', route_id: 'literature' }),
];

describe('the canvas during a run', () => {
  it('has one set of view controls; "Follow run" shows while a followed run goes on, on, and a pan by hand turns it off', async () => {
    const { store, canvas, container, getByTestId, queryByTestId } = await openDemo();
    expect(container.querySelectorAll('[data-testid="fit-view"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-testid="zoom-in"]')).toHaveLength(1);
    expect(queryByTestId('follow-run')).toBeNull();
    expect(canvas()).not.toHaveAttribute('data-follow');

    act(() => {
      store.setState({ followedRunId: RUN });
      store.getState().ingestRunEvents(RUN, runEvents);
    });
    const toggle = getByTestId('follow-run');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Follow run');
    expect(canvas()).toHaveAttribute('data-follow', 'on');

    // The edges the run took light up, the others step back.
    await waitFor(() => expect(container.querySelector('.react-flow__edge.is-taken')).not.toBeNull());
    const taken = [...container.querySelectorAll('.react-flow__edge.is-taken')].map((e) => e.getAttribute('data-id'));
    expect(taken).toEqual(expect.arrayContaining(['gather-sources:next->research-todo', 'research-todo:literature->research-todo-sub-agent-literature']));
    expect(container.querySelector('.react-flow__edge.is-untaken')).not.toBeNull();

    // A wheel over the canvas is the user's own zoom.
    fireEvent.wheel(container.querySelector('.react-flow__pane')!, { deltaY: -120, clientX: 400, clientY: 300 });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(canvas()).toHaveAttribute('data-follow', 'off');

    // The toggle turns it back on; a zoom button is a move by hand too.
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(getByTestId('zoom-out'));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // Once the run has ended there is nothing to follow; a run followed next is followed again.
    act(() => store.getState().ingestRunEvents(RUN, [envelope(7, 'run_status', { status: 'completed' })]));
    expect(queryByTestId('follow-run')).toBeNull();
    expect(canvas()).not.toHaveAttribute('data-follow');
    act(() => {
      store.getState().closeRun();
      store.setState({ followedRunId: 'run-2' });
      store.getState().ingestRunEvents('run-2', [envelope(1, 'run_status', { status: 'running' })]);
    });
    expect(getByTestId('follow-run')).toHaveAttribute('aria-pressed', 'true');
  });
});
