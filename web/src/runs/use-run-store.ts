import type { AppState } from '../store/app-state';
import { useAppStore, useAppStoreApi } from '../store/store-context';

/** The run slice is part of the app state; these names keep the run components' imports short. */
export type RunAppState = AppState;
export const useRunStore = useAppStore;
export const useRunStoreApi = useAppStoreApi;

/** The followed run's status: the live stream's when it has one, else the run index's (null: no run followed). */
export const followedRunStatus = (s: RunAppState) => s.run.runStatus ?? s.followedRun?.status ?? null;
