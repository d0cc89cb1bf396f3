import type { SliceCreator } from './app-state';

export type SelectionSlice = {
  selectedNodeId: string | null;
  /** Asks the canvas to centre a node; `seq` makes a repeated request for the same node count. */
  focusRequest: { nodeId: string; seq: number } | null;
  selectNode(nodeId: string | null): void;
  /** Selects a node and centres the canvas on it (from the problems list, deep links...). */
  focusNode(nodeId: string): void;
};

export const createSelectionSlice: SliceCreator<SelectionSlice> = (set, get) => ({
  selectedNodeId: null,
  focusRequest: null,
  selectNode: (selectedNodeId) => {
    if (selectedNodeId !== get().selectedNodeId) set({ selectedNodeId });
  },
  focusNode: (nodeId) => set({ selectedNodeId: nodeId, focusRequest: { nodeId, seq: (get().focusRequest?.seq ?? 0) + 1 } }),
});
