// Test-only: the app's slices plus the run slice, in one store.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState } from '../../store/app-state';
import { createDocumentSlice } from '../../store/document-slice';
import { createSelectionSlice } from '../../store/selection-slice';
import { createViewSlice } from '../../store/view-slice';
import { createWorkspaceSlice } from '../../store/workspace-slice';
import { createRunSlice, type RunSlice, type RunSliceDeps } from '../run-slice';

export type RunTestState = AppState & RunSlice;

export function createRunTestStore(deps: RunSliceDeps, initial: Partial<RunTestState> = {}): StoreApi<RunTestState> {
  return createStore<RunTestState>()((set, get, api) => {
    // The app's slice creators are typed for AppState, a subset of this state.
    const app = [set, get, api] as unknown as Parameters<typeof createWorkspaceSlice>;
    return {
      ...createWorkspaceSlice(...app),
      ...createDocumentSlice(...app),
      ...createViewSlice(...app),
      ...createSelectionSlice(...app),
      ...createRunSlice(deps)(set, get, api),
      ...initial,
    };
  });
}
