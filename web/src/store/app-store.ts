import { createStore, type StoreApi } from 'zustand/vanilla';
import { createAuthoringSlice } from '../authoring/authoring-slice';
import { createRunSlice, type RunSliceDeps } from '../runs/run-slice';
import type { AppState } from './app-state';
import { createDocumentSlice } from './document-slice';
import { createHistorySlice } from './history-slice';
import { createSelectionSlice } from './selection-slice';
import { createViewSlice } from './view-slice';
import { createWorkspaceSlice } from './workspace-slice';

export type AppStore = StoreApi<AppState>;

export type AppStoreOptions = {
  /** What the run slice talks to (tests pass a fetch double and an EventSource double). */
  run?: RunSliceDeps;
};

/**
 * A fresh store. Each app (and each test) makes its own, so tests set up state by passing
 * `initial` instead of mocking modules.
 */
export function createAppStore(initial: Partial<AppState> = {}, options: AppStoreOptions = {}): AppStore {
  return createStore<AppState>()((...args) => ({
    ...createWorkspaceSlice(...args),
    ...createDocumentSlice(...args),
    ...createViewSlice(...args),
    ...createSelectionSlice(...args),
    ...createRunSlice(options.run)(...args),
    ...createHistorySlice(...args),
    ...createAuthoringSlice(...args),
    ...initial,
  }));
}
