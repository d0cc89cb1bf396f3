import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyNodeChanges,
  Background,
  BackgroundVariant,
  ConnectionMode,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useUpdateNodeInternals,
  type DefaultEdgeOptions,
  type Node,
  type NodeChange,
  type OnMoveEnd,
  type OnSelectionChangeFunc,
} from '@xyflow/react';
import type { Problem } from '@planvas/shared';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { canvasFlowOf } from './flow-cache';
import type { CanvasNode } from './node-data';
import { edgeTypes } from './edges/edge-types';
import { nodeTypes } from './registry';
import { useCanvasLayout } from './use-canvas-layout';

// Module-level constants: objects made during render would make React Flow redo work each render.
const defaultEdgeOptions: DefaultEdgeOptions = {
  type: 'smoothstep',
  labelShowBg: true,
  labelBgPadding: [6, 3],
  labelBgBorderRadius: 6,
};
const fitViewOptions = { padding: 0.12, maxZoom: 1, duration: 0 };
const proOptions = { hideAttribution: true };
const NO_PROBLEMS: Problem[] = [];
const NO_NODES: CanvasNode[] = [];
/** Past this many nodes only those in view are rendered (a 2,000-step plan has ~3,500 nodes). */
const RENDER_VISIBLE_ONLY_ABOVE = 400;

function miniMapColor(node: Node): string {
  return `var(--pv-minimap-${node.type ?? 'regular'}, var(--pv-minimap-default))`;
}

/**
 * The canvas of the open workflow. Nodes and edges come from the plan (pure mapping); positions
 * come from the layout worker, overridden by the user's manual drags for the current direction.
 */
export function WorkflowCanvas() {
  const store = useAppStoreApi();
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const problems = useAppStore((s) => s.document?.problems ?? NO_PROBLEMS);
  const workflowId = useAppStore((s) => s.document?.id ?? null);
  const viewReady = useAppStore((s) => s.document !== null && s.viewOf === s.document.id);
  const direction = useAppStore((s) => s.direction);
  const epoch = useAppStore((s) => s.layoutEpoch);
  const manual = useAppStore((s) => s.manualPositions[s.direction]);
  const selectedNodeId = useAppStore((s) => s.selectedNodeId);
  const focusRequest = useAppStore((s) => s.focusRequest);
  const showMiniMap = useAppStore((s) => s.panels.minimap);

  const shownPlan = viewReady ? plan : null;
  const flow = useMemo(() => (shownPlan ? canvasFlowOf(shownPlan, direction, problems) : null), [shownPlan, direction, problems]);
  const layout = useCanvasLayout(shownPlan, direction, epoch);

  const [nodes, setNodes] = useState<CanvasNode[]>(NO_NODES);
  const selectedRef = useRef(selectedNodeId);
  selectedRef.current = selectedNodeId;

  useEffect(() => {
    if (!flow || !layout.positions) {
      setNodes(NO_NODES);
      return;
    }
    const positions = layout.positions;
    setNodes(
      flow.nodes.map((node) => ({
        ...node,
        position: manual[node.id] ?? positions[node.id] ?? { x: 0, y: 0 },
        selected: node.id === selectedRef.current,
      })),
    );
  }, [flow, layout.positions, manual]);

  // Store selection -> nodes (the problems list and deep links select from outside the canvas).
  useEffect(() => {
    setNodes((current) =>
      current.some((n) => (n.id === selectedNodeId) !== (n.selected === true))
        ? current.map((n) => ((n.id === selectedNodeId) === (n.selected === true) ? n : { ...n, selected: n.id === selectedNodeId }))
        : current,
    );
  }, [selectedNodeId]);

  const reactFlow = useReactFlow();
  const updateNodeInternals = useUpdateNodeInternals();

  // Handles move to other sides when the direction changes, but a node's box may keep its size,
  // so React Flow would not notice: ask it to measure the handles again.
  const nodeIds = useMemo(() => flow?.nodes.map((n) => n.id) ?? [], [flow]);
  const measuredDirection = useRef(direction);
  useEffect(() => {
    if (measuredDirection.current === direction) return;
    measuredDirection.current = direction;
    if (nodeIds.length > 0) updateNodeInternals(nodeIds);
  }, [direction, nodeIds, updateNodeInternals]);

  // Fit the view when a new layout arrives; on the first layout of a workflow, restore the saved
  // viewport instead if there is one.
  const fittedFor = useRef<{ workflowId: string | null; version: number }>({ workflowId: null, version: -1 });
  useEffect(() => {
    if (!layout.positions || nodes.length === 0 || layout.pending) return;
    const last = fittedFor.current;
    if (last.workflowId === workflowId && last.version === layout.version) return;
    const firstForWorkflow = last.workflowId !== workflowId;
    fittedFor.current = { workflowId, version: layout.version };
    const saved = store.getState().viewport;
    if (firstForWorkflow && saved) void reactFlow.setViewport(saved);
    else void reactFlow.fitView(fitViewOptions);
  }, [layout.positions, layout.pending, layout.version, nodes.length, workflowId, reactFlow, store]);

  // Centre a node on request (problems list).
  useEffect(() => {
    if (!focusRequest) return;
    const node = reactFlow.getNode(focusRequest.nodeId);
    if (!node) return;
    const width = node.measured?.width ?? node.width ?? 0;
    const height = node.measured?.height ?? node.height ?? 0;
    void reactFlow.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom: Math.max(reactFlow.getZoom(), 0.9), duration: 350 });
  }, [focusRequest, reactFlow]);

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    setNodes((current) => applyNodeChanges(changes, current));
  }, []);

  const onNodeDragStop = useCallback(
    (_event: unknown, _node: CanvasNode, dragged: CanvasNode[]) => {
      store.getState().moveNodes(Object.fromEntries(dragged.map((n) => [n.id, { x: Math.round(n.position.x), y: Math.round(n.position.y) }])));
    },
    [store],
  );

  const onSelectionChange = useCallback<OnSelectionChangeFunc<CanvasNode>>(
    ({ nodes: selected }) => {
      store.getState().selectNode(selected[0]?.id ?? null);
    },
    [store],
  );

  const onMoveEnd = useCallback<OnMoveEnd>(
    (_event, viewport) => {
      store.getState().setViewport({ x: Math.round(viewport.x), y: Math.round(viewport.y), zoom: Number(viewport.zoom.toFixed(4)) });
    },
    [store],
  );

  const edges = nodes.length > 0 && flow ? flow.edges : [];
  const state = !shownPlan ? 'empty' : layout.positions === null || layout.pending ? 'pending' : layout.fallback ? 'fallback' : 'ready';

  return (
    <div className="pv-canvas" data-testid="canvas" data-direction={direction} data-layout-state={state} data-layout-ms={layout.ms ?? undefined}>
      <ReactFlow<CanvasNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        onNodesChange={onNodesChange}
        onNodeDragStop={onNodeDragStop}
        onSelectionChange={onSelectionChange}
        onMoveEnd={onMoveEnd}
        // Return edges end on the parent's route handle, a source handle: loose mode allows it.
        connectionMode={ConnectionMode.Loose}
        nodesConnectable={false}
        onlyRenderVisibleElements={nodes.length > RENDER_VISIBLE_ONLY_ABOVE}
        minZoom={0.05}
        maxZoom={2}
        colorMode="system"
        proOptions={proOptions}
        elevateEdgesOnSelect
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
        {showMiniMap && <MiniMap pannable zoomable nodeColor={miniMapColor} nodeStrokeWidth={0} nodeBorderRadius={6} />}
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
      {state === 'pending' && (
        <div className="pv-canvas__overlay" role="status">
          <span className="pv-spinner" aria-hidden />
          Laying out…
        </div>
      )}
    </div>
  );
}
