import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createWorkflowsApi } from '../../api/workflows-api';
import { parseWorkspaceFrame } from '../../api/workspace-changes';
import { createAppStore } from '../../store/app-store';
import { FakeEventSource } from '../../test/fake-event-source';
import { fakeWorkflowsFetch, type FakeWorkflow } from '../../test/fake-workflows-fetch';
import { createWorkflowListSync } from './workflow-list-sync';

function setup(workflows: Record<string, FakeWorkflow>) {
  const server = fakeWorkflowsFetch(workflows);
  const api = createWorkflowsApi({ fetch: server.fetch, clientId: 'tab-test', createEventSource: (url) => new FakeEventSource(url) });
  const store = createAppStore();
  const sync = createWorkflowListSync(store, api, 0);
  const stop = api.watchWorkspace(sync.handle);
  const stream = FakeEventSource.last();
  const reads = () => server.requests.filter((r) => r.method === 'GET').map((r) => r.path);
  return { server, api, store, sync, stop, stream, reads };
}

async function loaded(s: ReturnType<typeof setup>) {
  s.store.getState().setWorkflows(await s.api.list());
  s.server.requests.length = 0;
}

const row = (s: ReturnType<typeof setup>, id: string) => s.store.getState().workflows.find((w) => w.id === id);

describe('the live workflow list', () => {
  it('reads one workflow’s row again after its documents change, once for a burst', async () => {
    const s = setup({ 'A/One': { steps: 2 }, 'B/Two': { steps: 5 } });
    expect(s.stream.url).toBe('/api/changes');
    await loaded(s);
    s.server.workflows.get('A/One')!.steps = 3;
    s.server.workflows.get('A/One')!.problems = 1;
    s.stream.sendFrame('change', { workflowId: 'A/One', document: 'plan', revision: 'r2', origin: 'planvas', clientId: 'tab-test' });
    s.stream.sendFrame('change', { workflowId: 'A/One', document: 'step_config', revision: 's2', origin: 'planvas', clientId: 'tab-test' });
    await waitFor(() => expect(row(s, 'A/One')).toMatchObject({ stepCount: 3, problemCount: 1 }));
    expect(s.reads()).toEqual(['/api/workflows/A%2FOne']);
    expect(row(s, 'B/Two')).toMatchObject({ stepCount: 5 });
  });

  it('puts in workflows added and takes out those removed; a late read does not bring one back', async () => {
    const s = setup({ 'A/One': { steps: 2 }, 'B/Two': { steps: 5 } });
    await loaded(s);
    s.server.workflows.set('A/New', { steps: 1 });
    s.stream.sendFrame('workflows', { added: ['A/New'], removed: [] });
    await waitFor(() => expect(s.store.getState().workflows.map((w) => w.id)).toEqual(['A/New', 'A/One', 'B/Two']));

    // A change read under way when the workflow goes (a rename by hand).
    s.stream.sendFrame('change', { workflowId: 'B/Two', document: 'plan', revision: 'r9', origin: 'disk' });
    s.stream.sendFrame('workflows', { added: [], removed: ['B/Two'] });
    expect(s.store.getState().workflows.map((w) => w.id)).toEqual(['A/New', 'A/One']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.store.getState().workflows.map((w) => w.id)).toEqual(['A/New', 'A/One']);
  });

  it('reads the whole list when a row cannot be read on its own, and after a reconnect', async () => {
    const s = setup({ 'A/One': { steps: 2 }, 'B/Two': { steps: 5 } });
    await loaded(s);
    s.stream.sendFrame('ready', {
      workflows: [
        { workflowId: 'A/One', planRevision: 'a' },
        { workflowId: 'B/Two', planRevision: 'b' },
      ],
    });
    expect(s.reads()).toEqual([]);

    s.server.workflows.get('B/Two')!.unreadable = true;
    s.server.workflows.get('B/Two')!.problems = 1;
    s.stream.sendFrame('change', { workflowId: 'B/Two', document: 'plan', revision: 'broken', origin: 'disk' });
    await waitFor(() => expect(row(s, 'B/Two')).toMatchObject({ problemCount: 1 }));
    expect(s.reads()).toEqual(['/api/workflows/B%2FTwo', '/api/workflows']);

    s.server.requests.length = 0;
    s.server.workflows.set('C/Three', { steps: 4 });
    s.stream.sendFrame('ready', { workflows: [] });
    await waitFor(() => expect(row(s, 'C/Three')).toMatchObject({ stepCount: 4 }));
    expect(s.reads()).toEqual(['/api/workflows']);
    s.stop();
    s.sync.stop();
    expect(s.stream.closed).toBe(true);
  });

  it('parses the stream’s frames as docs/api.md has them, ignoring what is not', () => {
    expect(parseWorkspaceFrame('workflows', '{"added":["Team/New"],"removed":[]}')).toEqual({ type: 'workflows', added: ['Team/New'], removed: [] });
    expect(parseWorkspaceFrame('change', '{"workflowId":"X","document":"step_config","revision":null,"deleted":true,"origin":"disk"}')).toEqual({
      type: 'change',
      workflowId: 'X',
      document: 'step_config',
      revision: null,
      deleted: true,
      origin: 'disk',
    });
    expect(parseWorkspaceFrame('change', '{"workflowId":"X","document":"layout"}')).toBeUndefined();
    expect(parseWorkspaceFrame('ready', 'not json')).toBeUndefined();
  });
});
