// Test-only: renders UI inside a StoreProvider whose store has the run slice, its HTTP answered by
// a fetch double and its stream by an EventSource double.
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PlanvasEvent } from '@planvas/shared';
import { StoreProvider } from '../store/store-context';
import { createRunsApi } from '../api/runs-api';
import { FakeEventSource } from './fake-event-source';
import { fakeRunsFetch, type FakeRun } from './fake-runs-fetch';
import { createRunTestStore, type RunTestState } from './run-test-store';

export function renderWithRunStore(
  ui: ReactElement,
  options: { runs?: Map<string, FakeRun>; onStart?: Parameters<typeof fakeRunsFetch>[1]; initial?: Partial<RunTestState> } = {},
) {
  const http = fakeRunsFetch(options.runs ?? new Map(), options.onStart);
  const store = createRunTestStore(
    { api: createRunsApi({ fetch: http.fetch }), createEventSource: (url) => new FakeEventSource(url), stream: { flushDelayMs: 0 } },
    { workflowId: 'Workflow/ResearchReport', ...options.initial },
  );
  const view = render(<StoreProvider store={store}>{ui}</StoreProvider>);
  /** Events of a run arriving (as from its stream), applied inside act() so the UI shows them. */
  const ingest = (runId: string, events: PlanvasEvent[]) => act(() => store.getState().ingestRunEvents(runId, events));
  return { ...view, store, requests: http.requests, ingest };
}
