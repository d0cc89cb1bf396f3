import type { StateCreator } from 'zustand/vanilla';
import type { AuthoringSlice } from '../authoring/authoring-slice';
import type { RunSlice } from '../runs/run-slice';
import type { DocumentSlice } from './document-slice';
import type { HistorySlice } from './history-slice';
import type { SelectionSlice } from './selection-slice';
import type { ViewSlice } from './view-slice';
import type { WorkspaceSlice } from './workspace-slice';

/**
 * The whole app state: one store made of slices. A later slice (history, run) adds its type here
 * and its creator in `createAppStore`; no other slice changes.
 */
export type AppState = WorkspaceSlice & DocumentSlice & ViewSlice & SelectionSlice & RunSlice & HistorySlice & AuthoringSlice;

/** A slice sees (and may update) the whole state, but owns only its own keys. */
export type SliceCreator<T> = StateCreator<AppState, [], [], T>;
