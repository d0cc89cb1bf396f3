import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import type { WorkflowDocument } from '../api/types';
import { createAppStore } from './app-store';
import { viewSettingsOf } from './slices/view-slice';
import { filterWorkflows } from './slices/workspace-slice';

const doc = (id: string): WorkflowDocument => ({
  id,
  plan: { steps: [] },
  planRevision: '1',
  stepConfig: null,
  stepConfigRevision: null,
  stepConfigForm: null,
  legacy: false,
  problems: [],
});

describe('app store', () => {
  it('starts from injected state (tests need no mocks)', () => {
    const store = createAppStore({ direction: 'TB', selectedNodeId: 'x' });
    expect(store.getState()).toMatchObject({ direction: 'TB', selectedNodeId: 'x', documentStatus: 'idle' });
  });

  it('drops the answer for a workflow the user already left', () => {
    const store = createAppStore();
    store.getState().openWorkflow('A');
    store.getState().openWorkflow('B');
    store.getState().setDocument(doc('A'));
    expect(store.getState()).toMatchObject({ workflowId: 'B', document: null, documentStatus: 'loading' });
    store.getState().failDocument('A', new ApiError(404, 'not_found', 'gone'));
    expect(store.getState().documentStatus).toBe('loading');
    store.getState().setDocument(doc('B'));
    expect(store.getState()).toMatchObject({ documentStatus: 'ready', document: { id: 'B' } });
  });

  it('keeps manual positions per direction; tidy up forgets only the current direction’s and re-lays out', () => {
    const store = createAppStore();
    store.getState().moveNodes({ a: { x: 1, y: 2 } });
    store.getState().setDirection('TB');
    store.getState().moveNodes({ a: { x: 5, y: 6 }, b: { x: 0, y: 0 } });
    expect(store.getState().manualPositions).toEqual({ LR: { a: { x: 1, y: 2 } }, TB: { a: { x: 5, y: 6 }, b: { x: 0, y: 0 } } });
    const epoch = store.getState().layoutEpoch;
    store.getState().tidyUp();
    expect(store.getState().manualPositions).toEqual({ LR: { a: { x: 1, y: 2 } }, TB: {} });
    expect(store.getState().layoutEpoch).toBe(epoch + 1);
  });

  it('applies saved view settings and gives them back for saving', () => {
    const store = createAppStore();
    store.getState().applyViewSettings('W', { direction: 'TB', positions: { LR: {}, TB: { s: { x: 3, y: 4 } } }, viewport: { x: 1, y: 2, zoom: 0.5 } });
    expect(store.getState()).toMatchObject({ viewOf: 'W', direction: 'TB', viewport: { x: 1, y: 2, zoom: 0.5 } });
    expect(viewSettingsOf(store.getState())).toEqual({
      direction: 'TB',
      positions: { LR: {}, TB: { s: { x: 3, y: 4 } } },
      viewport: { x: 1, y: 2, zoom: 0.5 },
    });
  });

  it('toggles the direction', () => {
    const store = createAppStore();
    store.getState().toggleDirection();
    expect(store.getState().direction).toBe('TB');
    store.getState().toggleDirection();
    expect(store.getState().direction).toBe('LR');
  });

  it('focuses a node: selects it and issues a new centring request each time', () => {
    const store = createAppStore();
    store.getState().focusNode('n');
    const first = store.getState().focusRequest;
    store.getState().focusNode('n');
    expect(store.getState().selectedNodeId).toBe('n');
    expect(store.getState().focusRequest!.seq).toBe(first!.seq + 1);
  });

  it('records which step’s execution logs to open', () => {
    const store = createAppStore();
    store.getState().openExecutionLogs('research-todo');
    expect(store.getState().executionLogs).toEqual({ stepId: 'research-todo' });
    store.getState().closeExecutionLogs();
    expect(store.getState().executionLogs).toBeNull();
  });
});

describe('filterWorkflows', () => {
  const list = [
    { id: 'Workflow/ResearchReport', title: 'ResearchReport', stepCount: 12, legacy: false, problemCount: 0 },
    { id: 'Team/Ops/FourSpaceIndent', title: 'FourSpaceIndent', stepCount: 3, legacy: false, problemCount: 0 },
  ];
  it('matches every word against title and id, ignoring case', () => {
    expect(filterWorkflows(list, 'research').map((w) => w.id)).toEqual(['Workflow/ResearchReport']);
    expect(filterWorkflows(list, 'ops four').map((w) => w.id)).toEqual(['Team/Ops/FourSpaceIndent']);
    expect(filterWorkflows(list, '  ')).toHaveLength(2);
    expect(filterWorkflows(list, 'nothing')).toEqual([]);
  });
});
