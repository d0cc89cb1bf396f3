import { afterEach, describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createWorkflowsApi } from '../../api/workflows-api';
import { Root } from '../../app/root';
import { createAppStore } from '../../store/app-store';
import { FakeEventSource } from '../../test/fake-event-source';
import { fakeWorkflowsFetch } from '../../test/fake-workflows-fetch';
import { createFixtureApi } from '../../test/fixture-api';
import { useLiveWorkflowList } from './use-live-workflow-list';

function Live() {
  useLiveWorkflowList();
  return null;
}

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
afterEach(() => {
  visibility = 'visible';
});

describe('useLiveWorkflowList', () => {
  it('follows the workspace stream while the tab is visible, lets go of it while hidden, and catches up when shown', async () => {
    const server = fakeWorkflowsFetch({ 'A/One': { steps: 2 } });
    const streams: FakeEventSource[] = [];
    const workflowsApi = createWorkflowsApi({
      fetch: server.fetch,
      clientId: 'tab-test',
      createEventSource: (url) => (streams.push(new FakeEventSource(url)), streams.at(-1)!),
    });
    const store = createAppStore();
    store.getState().setWorkflows(await workflowsApi.list());
    const view = render(
      <Root store={store} api={createFixtureApi()} workflowsApi={workflowsApi}>
        <Live />
      </Root>,
    );
    expect(streams.map((s) => s.url)).toEqual(['/api/changes']);
    act(() => streams[0]!.sendFrame('ready', { workflows: [{ workflowId: 'A/One', planRevision: 'a' }] }));

    act(() => setVisibility('hidden'));
    expect(streams[0]!.closed).toBe(true);
    // Meanwhile a workflow appears: nobody is told.
    server.workflows.set('B/Two', { steps: 4 });

    act(() => setVisibility('visible'));
    expect(streams).toHaveLength(2);
    act(() => streams[1]!.sendFrame('ready', { workflows: [{ workflowId: 'A/One' }, { workflowId: 'B/Two' }] }));
    await waitFor(() => expect(store.getState().workflows.map((w) => w.id)).toEqual(['A/One', 'B/Two']));

    view.unmount();
    expect(streams[1]!.closed).toBe(true);
  });
});
