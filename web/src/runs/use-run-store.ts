import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from '../store/app-state';
import { useAppStoreApi } from '../store/store-context';
import type { RunSlice } from './run-slice';

export type RunAppState = AppState & RunSlice;

/**
 * `useAppStore` for components that read the run slice. Same store, same rule: pass a narrow
 * selector (or `useShallow`), never the whole state.
 */
export function useRunStore<T>(selector: (state: RunAppState) => T): T {
  return useStore(useAppStoreApi() as unknown as StoreApi<RunAppState>, selector);
}

export function useRunStoreApi(): StoreApi<RunAppState> {
  return useAppStoreApi() as unknown as StoreApi<RunAppState>;
}
