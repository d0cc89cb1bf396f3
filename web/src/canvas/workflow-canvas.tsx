import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyNodeChanges,
  Background,
  BackgroundVariant,
  ConnectionMode,
  ReactFlow,
  useReactFlow,
  useStoreApi,
  useUpdateNodeInternals,
  type DefaultEdgeOptions,
  type NodeChange,
  type OnMoveEnd,
  type OnSelectionChangeFunc,
} from '@xyflow/react';
import type { LayoutDirection, Problem } from '@planvas/shared';
import { useShallow } from 'zustand/shallow';
import { useCanvasEditing } from './use-canvas-editing';
import { runDecorOf, withActiveDelegation, withRunStates } from './run-decorations';
import { runTrailOf } from './run-trail';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { canvasFlowOf } from '../flow/flow-cache';
import type { CanvasEdge } from '../flow/edge-data';
import { START_NODE_ID, type CanvasNode } from '../flow/node-data';
import { CanvasControls } from './canvas-controls';
import { EdgeMarkers } from './edges/edge-markers';
import { edgeTypes } from './edges/edge-types';
import { withTakenEdges } from './edges/taken-edges';
import { FIT_VIEW_OPTIONS, fittedViewport, MAX_ZOOM, MIN_ZOOM, openingViewport } from './fit-view';
import { useFlowWindow } from './flow-window';
import { PlanMiniMap } from './plan-minimap';
import { nodeTypes } from './registry';
import { useCanvasLayout } from './use-canvas-layout';
import { useDelayedFlag } from './use-delayed-flag';
import { useFollowRun } from './use-follow-run';
import { useKeepNodeVisible } from './use-keep-node-visible';
import { useZoomProperty } from './use-zoom-property';

// Module-level constants: objects made during render would make React Flow redo work each render.
const defaultEdgeOptions: DefaultEdgeOptions = {
  type: 'flow',
  labelShowBg: true,
  labelBgPadding: [6, 3],
  labelBgBorderRadius: 6,
};
/** Smaller than React Flow's 200 x 150 (same shape), so it covers less of the graph. */
const MINIMAP_SIZE = { width: 160, height: 120 };
const NO_PROBLEMS: Problem[] = [];
const NO_NODES: CanvasNode[] = [];
const NO_EDGES: CanvasEdge[] = [];
/**
 * Past this many nodes React Flow gets only the window around the view (flow-window.ts) and
 * renders only what is in view (a 2,000-step plan has ~3,500 nodes). A plan this big does not fit
 * the screen legibly anyway; drawing all of a 100-step plan's 177 nodes in full was measured at
 * ~400 ms of main thread on open, for the ten or so on screen.
 */
const RENDER_VISIBLE_ONLY_ABOVE = 120;
/**
 * "Laying out…" shows only for a layout still running after this long: a warm layout (a direction
 * toggle, an edit) ends sooner, and an indicator flashing up for a moment reads as a glitch.
 */
const BUSY_NOTICE_DELAY_MS = 400;

/**
 * The canvas of the open workflow. Nodes and edges come from the plan (pure mapping); positions
 * come from the layout worker, overridden by the user's manual drags for the current direction.
 */
export function WorkflowCanvas() {
  const store = useAppStoreApi();
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const problems = useAppStore((s) => s.document?.problems ?? NO_PROBLEMS);
  const stepConfig = useAppStore((s) => s.document?.stepConfig ?? undefined);
  const workflowId = useAppStore((s) => s.document?.id ?? null);
  const viewReady = useAppStore((s) => s.document !== null && s.viewOf === s.document.id);
  const direction = useAppStore((s) => s.direction);
  const epoch = useAppStore((s) => s.layoutEpoch);
  const manual = useAppStore((s) => s.manualPositions[s.direction]);
  const selectedNodeIds = useAppStore((s) => s.selectedNodeIds);
  const focusRequest = useAppStore((s) => s.focusRequest);
  const showMiniMap = useAppStore((s) => s.panels.minimap);

  // The followed run: statuses, todo progress and the delegation going on (each changes identity
  // only when it changes, so this re-renders per status change, not per event).
  const runDecor = useAppStore(useShallow(runDecorOf));
  const runDecorRef = useRef(runDecor);
  runDecorRef.current = runDecor;

  const shownPlan = viewReady ? plan : null;
  const flow = useMemo(() => (shownPlan ? canvasFlowOf(shownPlan, direction, problems, stepConfig) : null), [shownPlan, direction, problems, stepConfig]);
  const layout = useCanvasLayout(flow, direction, epoch);

  const reactFlow = useReactFlow();
  const [nodes, setNodes] = useState<CanvasNode[]>(NO_NODES);
  // Which layout the nodes on screen carry: `data-direction` and `data-layout-state` describe what
  // is drawn, so a test that waits for TB finds TB positions, not the LR ones still on screen.
  const [shown, setShown] = useState<{ version: number; direction: LayoutDirection } | null>(null);
  const selectedRef = useRef(selectedNodeIds);
  selectedRef.current = selectedNodeIds;
  const editing = useCanvasEditing();

  useEffect(() => {
    if (!flow || !layout.positions || !layout.direction) {
      setNodes(NO_NODES);
      setShown(null);
      return;
    }
    const positions = layout.positions;
    setNodes(
      withRunStates(
        flow.nodes.map((node) => ({
          ...node,
          position: manual[node.id] ?? positions[node.id] ?? { x: 0, y: 0 },
          selected: selectedRef.current.includes(node.id),
          // Nodes draw at the size the registry gives them, so that is their measurement too. A
          // node object rebuilt here (new layout, direction) would otherwise count as unmeasured
          // until React Flow sees it resize, which it never does when the size stays: its fitView
          // waits for every node to be measured and would never happen. React Flow still
          // measures the DOM and reports any difference.
          measured: { width: node.width, height: node.height },
          // Above every edge (flow edges are z 1, over the delegation ones): an edge's wide hit
          // area must never cover a handle the user wants to drag a connection from.
          zIndex: 2,
        })),
        runDecorRef.current,
      ),
    );
    setShown({ version: layout.version, direction: layout.direction });
  }, [flow, layout.positions, layout.version, layout.direction, manual]);

  // Run events -> node statuses, todo progress and iteration; only the nodes that changed get new objects.
  useEffect(() => {
    setNodes((current) => withRunStates(current, runDecor));
  }, [runDecor]);

  // Store selection -> nodes (the problems list and deep links select from outside the canvas).
  useEffect(() => {
    const selected = new Set(selectedNodeIds);
    setNodes((current) =>
      current.some((n) => selected.has(n.id) !== (n.selected === true))
        ? current.map((n) => (selected.has(n.id) === (n.selected === true) ? n : { ...n, selected: selected.has(n.id) }))
        : current,
    );
  }, [selectedNodeIds]);

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

  // Frame the plan when a new layout arrives for another workflow, direction or tidy-up (fitted,
  // or on its start when too big to fit legibly); on the first layout of a workflow, restore the
  // saved viewport instead if there is one. A layout that follows an edit (a step added, a route
  // removed) keeps the viewport: the user is working in it. `framed` is the layout version whose
  // framing is done, so the canvas reports "ready" only once what is on screen is final.
  const flowStore = useStoreApi();
  const [framed, setFramed] = useState(-1);
  const fittedFor = useRef<{ workflowId: string | null; version: number; key: string }>({ workflowId: null, version: -1, key: '' });
  useEffect(() => {
    // Wait for the nodes carrying this layout's positions (they are set by the effect above).
    if (!layout.positions || nodes.length === 0 || layout.pending || shown?.version !== layout.version) return;
    const last = fittedFor.current;
    if (last.workflowId === workflowId && last.version === layout.version) return;
    const key = `${workflowId}|${layout.direction}|${epoch}`;
    const firstForWorkflow = last.workflowId !== workflowId;
    const version = layout.version;
    fittedFor.current = { workflowId, version, key };
    const done = () => setFramed(version);
    if (!firstForWorkflow && key === last.key) return done();
    const saved = store.getState().viewport;
    if (firstForWorkflow && saved) return void reactFlow.setViewport(saved).then(done, done);
    const { width, height } = flowStore.getState();
    const viewport = openingViewport(nodes, nodes.find((n) => n.id === START_NODE_ID) ?? nodes[0], { width, height }, layout.direction ?? 'LR');
    if (viewport) return void reactFlow.setViewport(viewport).then(done, done);
    // No size to frame against (a canvas not on screen): let React Flow fit once it can.
    void reactFlow.fitView(FIT_VIEW_OPTIONS);
    done();
  }, [layout.positions, layout.pending, layout.version, layout.direction, epoch, nodes, shown, workflowId, reactFlow, store, flowStore]);

  const drawn = shown !== null && !layout.pending && shown.version === layout.version && shown.direction === direction && framed === layout.version;
  // Follow the run's current step; any move by hand stops it (use-follow-run.ts).
  const follow = useFollowRun(nodes, drawn);
  const stopFollowing = follow.stop;
  // The node the inspector edits stays in view when the inspector opens beside it.
  useKeepNodeVisible(nodes, drawn);

  // Centre a node on request (problems list, a step just added), once it is laid out: a request
  // for a node the layout has not placed yet waits for the layout. The user asked to look there,
  // so the view stops following the run.
  const focusedSeq = useRef(0);
  useEffect(() => {
    if (!focusRequest || focusRequest.seq === focusedSeq.current || layout.pending) return;
    // Where the node is drawn now: its dragged position, else the layout's (the node objects of
    // React Flow may still carry the previous layout in this very commit).
    const id = focusRequest.nodeId;
    const node = flow?.nodes.find((n) => n.id === id);
    const position = manual[id] ?? layout.positions?.[id];
    if (!node || !position) return;
    focusedSeq.current = focusRequest.seq;
    stopFollowing();
    const width = node.width ?? 0;
    const height = node.height ?? 0;
    void reactFlow.setCenter(position.x + width / 2, position.y + height / 2, { zoom: Math.max(reactFlow.getZoom(), 0.9), duration: 350 });
  }, [focusRequest, reactFlow, layout.pending, layout.positions, flow, manual, stopFollowing]);

  // "Fit view" (the canvas controls) frames the whole plan, not only React Flow's window of it.
  const fitSeq = useAppStore((s) => s.fitSeq);
  const fittedSeq = useRef(fitSeq);
  useEffect(() => {
    if (fitSeq === fittedSeq.current) return;
    fittedSeq.current = fitSeq;
    const { width, height } = flowStore.getState();
    const viewport = fittedViewport(nodes, { width, height });
    if (viewport) void reactFlow.setViewport(viewport, { duration: 300 });
  }, [fitSeq, nodes, reactFlow, flowStore]);

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
    ({ nodes: selected, edges: selectedEdges }) => {
      store.getState().setSelection(
        selected.map((n) => n.id),
        selectedEdges.map((e) => e.id),
      );
    },
    [store],
  );

  const onMoveEnd = useCallback<OnMoveEnd>(
    (_event, viewport) => {
      store.getState().setViewport({ x: Math.round(viewport.x), y: Math.round(viewport.y), zoom: Number(viewport.zoom.toFixed(4)) });
    },
    [store],
  );

  // Minimap drags and wheels move the view without an input event React Flow reports: by hand all the same.
  const onNavigateCapture = useCallback(
    (event: { target: EventTarget }) => {
      if (event.target instanceof Element && event.target.closest('.react-flow__minimap')) stopFollowing();
    },
    [stopFollowing],
  );
  const canvasRef = useRef<HTMLDivElement>(null);
  useZoomProperty(canvasRef);

  // The path the followed run took lights up; the edge into the route at work is drawn active.
  const trail = useAppStore((s) => (s.followedRunId !== null ? runTrailOf(s.runEvents) : null));
  const flowEdges = nodes.length > 0 && flow ? flow.edges : NO_EDGES;
  const { withSelectedEdges } = editing;
  const edges = useMemo(
    () => withSelectedEdges(withActiveDelegation(withTakenEdges(flowEdges, trail), runDecor.activeNodeId)),
    [flowEdges, trail, runDecor.activeNodeId, withSelectedEdges],
  );
  const given = useFlowWindow(nodes, edges, RENDER_VISIBLE_ONLY_ABOVE);
  const state = !shownPlan ? 'empty' : !drawn ? 'pending' : layout.fallback ? 'fallback' : 'ready';
  const showBusy = useDelayedFlag(state === 'pending', BUSY_NOTICE_DELAY_MS);

  return (
    <div
      ref={canvasRef}
      className="pv-canvas"
      data-testid="canvas"
      data-follow={follow.available ? (follow.on ? 'on' : 'off') : undefined}
      onPointerDownCapture={onNavigateCapture}
      onWheelCapture={onNavigateCapture}
      data-direction={shown?.direction ?? direction}
      data-layout-state={state}
      data-layout-ms={layout.ms ?? undefined}
      data-layout-source={layout.source ?? undefined}
      {...editing.dropTarget}
    >
      <ReactFlow<CanvasNode>
        nodes={given.nodes}
        edges={given.edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        onNodesChange={onNodesChange}
        onNodeDragStop={onNodeDragStop}
        onSelectionChange={onSelectionChange}
        onMove={follow.onMove}
        onMoveEnd={onMoveEnd}
        // Return edges end on the parent's route handle, a source handle: loose mode allows it.
        connectionMode={ConnectionMode.Loose}
        {...editing.flowProps}
        onlyRenderVisibleElements={given.windowed}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        colorMode="system"
        attributionPosition="bottom-center"
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} />
        {showMiniMap && <PlanMiniMap nodes={nodes} size={MINIMAP_SIZE} />}
        <EdgeMarkers />
        <CanvasControls follow={follow} />
      </ReactFlow>
      {showBusy && (
        <div className="pv-canvas__overlay" role="status">
          <span className="pv-spinner" aria-hidden />
          Laying out…
        </div>
      )}
    </div>
  );
}
