import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState } from './app-state';
import { createDebugSlice } from './slices/debug-slice';
import { createDocumentSlice } from './slices/document-slice';
import { createEditingSlice } from './slices/editing/editing-slice';
import { createHistorySlice } from './slices/history-slice';
import { createRunSlice, type RunSliceDeps } from './slices/run-slice';
import { createSelectionSlice } from './slices/selection-slice';
import { createSyncSlice } from './slices/sync-slice';
import { createUiSlice } from './slices/ui-slice';
import { createViewSlice } from './slices/view-slice';
import { createWorkspaceSlice } from './slices/workspace-slice';

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
    ...createDebugSlice(options.run)(...args),
    ...createHistorySlice(...args),
    ...createEditingSlice(...args),
    ...createSyncSlice(...args),
    ...createUiSlice(...args),
    ...initial,
  }));
}
