import { useCallback, useMemo, type DragEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { useReactFlow, type Connection, type Edge, type EdgeChange, type FinalConnectionState, type IsValidConnection } from '@xyflow/react';
import { isKnownStepType } from '@planvas/shared';
import type { CanvasEdge } from '../flow/edge-data';
import type { CanvasNode } from '../flow/node-data';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { planCanvasConnection, type CanvasConnection } from '../flow/connection-rules';
import { STEP_KIND_MIME } from './step-kind-drag';

/** Shift, Ctrl or Cmd + click adds to the selection. */
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];

/**
 * What makes the canvas an editor: connecting handles (checked while dragging, refusals shown with
 * their reason), edge selection, right-click menus, and dropping palette items. Deleting is the
 * keyboard handler's (React Flow's own delete key would drop nodes from the view, not the plan).
 */
export function useCanvasEditing() {
  const store = useAppStoreApi();
  const reactFlow = useReactFlow<CanvasNode>();
  const selectedEdgeIds = useAppStore((s) => s.selectedEdgeIds);

  const isValidConnection = useCallback<IsValidConnection<Edge>>(
    (connection) => {
      const plan = store.getState().document?.plan;
      return plan ? planCanvasConnection(plan, connection as CanvasConnection).ok : false;
    },
    [store],
  );

  const onConnect = useCallback((connection: Connection) => void store.getState().connectNodes(connection), [store]);

  // A drop onto a handle that isValidConnection refused never reaches onConnect: say why here.
  const onConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid !== false || !state.fromNode || !state.toNode || !state.toHandle) return;
      const fromSource = state.fromHandle?.type !== 'target';
      const connection: CanvasConnection = fromSource
        ? { source: state.fromNode.id, sourceHandle: state.fromHandle?.id ?? null, target: state.toNode.id, targetHandle: state.toHandle.id ?? null }
        : { source: state.toNode.id, sourceHandle: state.toHandle.id ?? null, target: state.fromNode.id, targetHandle: state.fromHandle?.id ?? null };
      store.getState().connectNodes(connection);
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<Edge>[]) => {
      const selected = new Set(store.getState().selectedEdgeIds);
      let changed = false;
      for (const change of changes) {
        if (change.type !== 'select') continue;
        changed = true;
        if (change.selected) selected.add(change.id);
        else selected.delete(change.id);
      }
      if (changed) store.getState().setSelection(store.getState().selectedNodeIds, [...selected]);
    },
    [store],
  );

  const onNodeContextMenu = useCallback(
    (event: ReactMouseEvent, node: CanvasNode) => {
      event.preventDefault();
      store.getState().openOverlay('contextMenu', { x: event.clientX, y: event.clientY, target: { kind: 'node', id: node.id } });
    },
    [store],
  );
  const onEdgeContextMenu = useCallback(
    (event: ReactMouseEvent, edge: Edge) => {
      event.preventDefault();
      store.getState().openOverlay('contextMenu', { x: event.clientX, y: event.clientY, target: { kind: 'edge', id: edge.id } });
    },
    [store],
  );
  const onPaneContextMenu = useCallback(
    (event: ReactMouseEvent | MouseEvent) => {
      event.preventDefault();
      const at = reactFlow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      store
        .getState()
        .openOverlay('contextMenu', { x: event.clientX, y: event.clientY, target: { kind: 'pane', at: { x: Math.round(at.x), y: Math.round(at.y) } } });
    },
    [store, reactFlow],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(STEP_KIND_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const kind = event.dataTransfer.getData(STEP_KIND_MIME);
      if (!isKnownStepType(kind)) return;
      event.preventDefault();
      const at = reactFlow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      store.getState().addStepOfKind(kind, { position: { x: Math.round(at.x), y: Math.round(at.y) } });
    },
    [store, reactFlow],
  );

  const flowProps = useMemo(
    () => ({
      nodesConnectable: true,
      isValidConnection,
      onConnect,
      onConnectEnd,
      onEdgesChange,
      onNodeContextMenu,
      onEdgeContextMenu,
      onPaneContextMenu,
      deleteKeyCode: null,
      multiSelectionKeyCode: MULTI_SELECT_KEYS,
    }),
    [isValidConnection, onConnect, onConnectEnd, onEdgesChange, onNodeContextMenu, onEdgeContextMenu, onPaneContextMenu],
  );

  /** Edges with the store's selection on them (edges are drawn from the plan, not kept by React Flow). */
  const withSelectedEdges = useCallback(
    (edges: CanvasEdge[]) => {
      if (selectedEdgeIds.length === 0) return edges;
      const selected = new Set(selectedEdgeIds);
      return edges.map((e) => (selected.has(e.id) ? { ...e, selected: true } : e));
    },
    [selectedEdgeIds],
  );

  return { flowProps, dropTarget: { onDragOver, onDrop }, withSelectedEdges };
}
