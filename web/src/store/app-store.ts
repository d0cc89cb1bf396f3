import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState } from './app-state';
import { createDocumentSlice } from './document-slice';
import { createSelectionSlice } from './selection-slice';
import { createViewSlice } from './view-slice';
import { createWorkspaceSlice } from './workspace-slice';

export type AppStore = StoreApi<AppState>;

/**
 * A fresh store. Each app (and each test) makes its own, so tests set up state by passing
 * `initial` instead of mocking modules.
 */
export function createAppStore(initial: Partial<AppState> = {}): AppStore {
  return createStore<AppState>()((...args) => ({
    ...createWorkspaceSlice(...args),
    ...createDocumentSlice(...args),
    ...createViewSlice(...args),
    ...createSelectionSlice(...args),
    ...initial,
  }));
}
