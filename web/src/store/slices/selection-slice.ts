import type { SliceCreator } from '../app-state';
import type { SelectionSlice } from '../state/selection';

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
  focusNode: (nodeId) =>
    set({ selectedNodeId: nodeId, selectedNodeIds: [nodeId], selectedEdgeIds: [], focusRequest: { nodeId, seq: (get().focusRequest?.seq ?? 0) + 1 } }),
});
