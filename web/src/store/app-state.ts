import type { StateCreator } from 'zustand/vanilla';
import type { DebugSlice } from './state/debug';
import type { DocumentSlice } from './state/document';
import type { EditingSlice } from './state/editing';
import type { HistorySlice } from './state/history';
import type { RunSlice } from './state/run';
import type { SelectionSlice } from './state/selection';
import type { SyncSlice } from './state/sync';
import type { UiSlice } from './state/ui';
import type { ViewSlice } from './state/view';
import type { WorkspaceSlice } from './state/workspace';

/**
 * The whole app state: one store made of slices. Each slice's type is in state/ and its creator in
 * slices/; a new slice adds both, its type here and its creator in `createAppStore`. Types only:
 * this file imports the slice types and nothing else, so the slices can import it back.
 */
export type AppState = WorkspaceSlice & DocumentSlice & ViewSlice & SelectionSlice & RunSlice & DebugSlice & HistorySlice & EditingSlice & SyncSlice & UiSlice;

/** A slice sees (and may update) the whole state, but owns only its own keys. */
export type SliceCreator<T> = StateCreator<AppState, [], [], T>;
