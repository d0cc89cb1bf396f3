import type { SliceCreator } from './app-state';

export type SelectionSlice = {
  /** The primary selected node (the inspector shows it): the first of `selectedNodeIds`. */
  selectedNodeId: string | null;
  /** Every selected node (shift-click, selection box) and edge, for delete / copy / duplicate. */
  selectedNodeIds: string[];
  selectedEdgeIds: string[];
  /** Asks the canvas to centre a node; `seq` makes a repeated request for the same node count. */
  focusRequest: { nodeId: string; seq: number } | null;
  selectNode(nodeId: string | null): void;
  /** Sets the whole selection; the primary node stays primary while it remains selected. */
  setSelection(nodeIds: readonly string[], edgeIds: readonly string[]): void;
  /** Selects a node and centres the canvas on it (from the problems list, deep links...). */
  focusNode(nodeId: string): void;
};

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export const createSelectionSlice: SliceCreator<SelectionSlice> = (set, get) => ({
  selectedNodeId: null,
  selectedNodeIds: [],
  selectedEdgeIds: [],
  focusRequest: null,
  selectNode: (selectedNodeId) => {
    if (selectedNodeId !== get().selectedNodeId || get().selectedEdgeIds.length > 0 || get().selectedNodeIds.length !== (selectedNodeId === null ? 0 : 1)) {
      set({ selectedNodeId, selectedNodeIds: selectedNodeId === null ? [] : [selectedNodeId], selectedEdgeIds: [] });
    }
  },
  setSelection: (nodeIds, edgeIds) => {
    const state = get();
    if (sameIds(nodeIds, state.selectedNodeIds) && sameIds(edgeIds, state.selectedEdgeIds)) return;
    const primary = state.selectedNodeId !== null && nodeIds.includes(state.selectedNodeId) ? state.selectedNodeId : (nodeIds[0] ?? null);
    set({ selectedNodeId: primary, selectedNodeIds: [...nodeIds], selectedEdgeIds: [...edgeIds] });
  },
  focusNode: (nodeId) => set({ selectedNodeId: nodeId, selectedNodeIds: [nodeId], selectedEdgeIds: [], focusRequest: { nodeId, seq: (get().focusRequest?.seq ?? 0) + 1 } }),
});
