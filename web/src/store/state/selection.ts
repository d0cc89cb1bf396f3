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
