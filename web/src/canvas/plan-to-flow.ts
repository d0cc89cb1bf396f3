import {
  asKnownStep,
  buildFlow,
  END,
  routesOf,
  type FlowEdge,
  type LayoutDirection,
  type Plan,
  type Problem,
  type Step,
  type SubAgentStep,
} from '@planvas/shared';
import { nodeHandles, nodeSize } from './definitions';
import { flowHandles } from './handles';
import type { CanvasEdge } from './edge-data';
import { edgeAppearance } from './edge-style';
import { GENERIC_HANDLE } from './kinds/route-outputs';
import { SUB_AGENT_INPUT, SUB_AGENT_RETURN } from './kinds/sub-agent/definition';
import {
  END_NODE_ID,
  genericAgentNodeId,
  START_NODE_ID,
  subAgentNodeId,
  type CanvasNode,
  type SubAgentData,
} from './node-data';
import type { StatusMap } from './node-status';

export type PlanToFlowOptions = {
  direction?: LayoutDirection;
  problems?: readonly Problem[];
  statuses?: StatusMap;
};

export type CanvasFlow = {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  /** Node id of every step id (main, branch, orphan and sub-agent steps; the first one wins on duplicates). */
  nodeIdOfStep: ReadonlyMap<string, string>;
};

const ORIGIN = { x: 0, y: 0 };
const NO_PROBLEMS: Problem[] = [];

/**
 * Plan (+ problems, + run statuses) -> React Flow nodes and edges. Pure: positions are left at the
 * origin (the layout fills them in) and nothing is written back to the plan.
 *
 * Node order is document order with each step followed by its branch steps and its sub-agents;
 * the layout keeps that order inside a layer, so routes' sub-agents line up in route order.
 */
export function planToFlow(plan: Plan, options: PlanToFlowOptions = {}): CanvasFlow {
  const direction = options.direction ?? 'LR';
  const statuses = options.statuses ?? {};
  const nodes: CanvasNode[] = [];
  const edges: CanvasEdge[] = [];
  const nodeIdOfStep = new Map<string, string>();
  const usedNodeIds = new Set<string>();

  const uniqueNodeId = (wanted: string): string => {
    let id = wanted;
    // A duplicated step id (reported by the checks) still gets a node of its own.
    for (let n = 2; usedNodeIds.has(id); n++) id = `${wanted}~${n}`;
    usedNodeIds.add(id);
    return id;
  };
  const pushNode = (node: CanvasNode) => {
    nodes.push(sized(node, direction));
  };
  const edgeIds = new Set<string>();
  const pushEdge = (edge: Omit<CanvasEdge, 'id' | 'className'> & { id: string }) => {
    let id = edge.id;
    for (let n = 2; edgeIds.has(id); n++) id = `${edge.id}~${n}`;
    edgeIds.add(id);
    edges.push({ ...edge, id, ...edgeAppearance(edge.data.kind, edge.data.backward) });
  };

  if (plan.steps.length > 0) {
    usedNodeIds.add(START_NODE_ID);
    nodes.push(sized({ id: START_NODE_ID, type: 'start', position: ORIGIN, data: { entryId: plan.steps[0]?.id } }, direction));
  }

  const addSubAgents = (owner: SubAgentStep, ownerNodeId: string) => {
    const routes = routesOf(owner);
    if (!routes) return;
    for (const route of routes.routes) {
      const sub = route.sub_agent_step;
      if (!sub) continue;
      const nodeId = uniqueNodeId(subAgentNodeId(owner.id, route.route_id));
      if (!nodeIdOfStep.has(sub.id)) nodeIdOfStep.set(sub.id, nodeId);
      const data: SubAgentData = {
        step: sub,
        parentId: ownerNodeId,
        routeId: route.route_id,
        routeName: route.route_name?.trim() ? route.route_name : route.route_id,
        generic: false,
        problems: NO_PROBLEMS,
        ...(statuses[nodeId] ? { status: statuses[nodeId] } : {}),
      };
      pushNode({ id: nodeId, type: 'sub_agent', position: ORIGIN, data });
      addDelegationEdges(ownerNodeId, route.route_id, nodeId, data.routeName);
      addSubAgents(sub, nodeId);
    }
    const step = asKnownStep(owner);
    if (step?.type === 'todo_task' && step.enable_generic_agent === true) {
      const nodeId = uniqueNodeId(genericAgentNodeId(owner.id));
      const generic: SubAgentStep = {
        type: 'regular',
        id: nodeId,
        title: 'Generic agent',
        description: 'Runs the todos no predefined route fits, from the orchestrator’s instructions alone (no learning, no prevalidation).',
      };
      pushNode({
        id: nodeId,
        type: 'sub_agent',
        position: ORIGIN,
        data: {
          step: generic,
          parentId: ownerNodeId,
          routeId: GENERIC_HANDLE,
          routeName: 'Generic agent',
          generic: true,
          problems: NO_PROBLEMS,
          ...(statuses[nodeId] ? { status: statuses[nodeId] } : {}),
        },
      });
      addDelegationEdges(ownerNodeId, GENERIC_HANDLE, nodeId, 'Generic agent');
    }
  };

  const addDelegationEdges = (parentNodeId: string, handle: string, subNodeId: string, label: string) => {
    pushEdge({
      id: `${parentNodeId}:${handle}->${subNodeId}`,
      source: parentNodeId,
      sourceHandle: handle,
      target: subNodeId,
      targetHandle: SUB_AGENT_INPUT,
      // No label: the parent's rail already names the route right where the edge leaves.
      ariaLabel: `${label}: delegates to ${subNodeId}`,
      data: { kind: 'sub_agent', backward: false },
    });
    pushEdge({
      id: `${subNodeId}:return->${parentNodeId}`,
      source: subNodeId,
      sourceHandle: SUB_AGENT_RETURN,
      target: parentNodeId,
      // The parent's route handle itself: the call and its return meet at the same port
      // (React Flow's loose connection mode lets an edge end on a source handle).
      targetHandle: handle,
      ariaLabel: 'Return',
      data: { kind: 'return', backward: false },
    });
  };

  const visitList = (steps: readonly Step[], scope: 'main' | 'branch' | 'orphan', prefix: string, branchOf?: { conditionalId: string; branch: 'true' | 'false' }) => {
    steps.forEach((step, i) => visitStep(step, scope, scope === 'orphan' ? `orphan ${i + 1}` : `${prefix}${i + 1}`, branchOf));
  };

  const visitStep = (anyStep: Step, scope: 'main' | 'branch' | 'orphan', number: string, branchOf?: { conditionalId: string; branch: 'true' | 'false' }) => {
    const id = uniqueNodeId(anyStep.id);
    if (!nodeIdOfStep.has(anyStep.id)) nodeIdOfStep.set(anyStep.id, id);
    const common = {
      number,
      scope,
      ...(branchOf ? { branchOf } : {}),
      problems: NO_PROBLEMS,
      ...(statuses[id] ? { status: statuses[id] } : {}),
    };
    const step = asKnownStep(anyStep);
    switch (step?.type) {
      case 'regular':
        pushNode({ id, type: 'regular', position: ORIGIN, data: { ...common, step } });
        break;
      case 'todo_task':
        pushNode({ id, type: 'todo_task', position: ORIGIN, data: { ...common, step } });
        break;
      case 'orchestration':
        pushNode({ id, type: 'orchestration', position: ORIGIN, data: { ...common, step } });
        break;
      case 'routing':
        pushNode({ id, type: 'routing', position: ORIGIN, data: { ...common, step } });
        break;
      case 'decision':
        pushNode({ id, type: 'decision', position: ORIGIN, data: { ...common, step } });
        break;
      case 'human_input':
        pushNode({ id, type: 'human_input', position: ORIGIN, data: { ...common, step } });
        break;
      case 'conditional':
        pushNode({ id, type: 'conditional', position: ORIGIN, data: { ...common, step } });
        visitList(step.if_true_steps ?? [], scope === 'orphan' ? 'orphan' : 'branch', `${number}.Y`, { conditionalId: id, branch: 'true' });
        visitList(step.if_false_steps ?? [], scope === 'orphan' ? 'orphan' : 'branch', `${number}.N`, { conditionalId: id, branch: 'false' });
        break;
      default:
        pushNode({ id, type: 'opaque', position: ORIGIN, data: { ...common, step: anyStep } });
    }
    addSubAgents(anyStep, id);
  };

  visitList(plan.steps, 'main', '');
  if (plan.orphan_steps) visitList(plan.orphan_steps, 'orphan', '');

  // Flow edges come from the shared flow, so the canvas shows exactly what the executor runs.
  const flow = buildFlow(plan);
  const flowNodeIds = new Set(flow.nodes.keys());
  let endUsed = false;
  if (flow.entry !== undefined && nodeIdOfStep.has(flow.entry)) {
    pushEdge({
      id: `${START_NODE_ID}->${flow.entry}`,
      source: START_NODE_ID,
      sourceHandle: 'next',
      target: nodeIdOfStep.get(flow.entry) as string,
      targetHandle: 'in',
      data: { kind: 'start', backward: false },
    });
  }
  for (const edge of flow.edges) {
    const source = nodeIdOfStep.get(edge.source);
    // Targets that name no step (or a sub-agent, which only its parent runs) get no edge; the
    // checks report them on the source node instead.
    const target = edge.target === END ? END_NODE_ID : flowNodeIds.has(edge.target) ? nodeIdOfStep.get(edge.target) : undefined;
    if (source === undefined || target === undefined) continue;
    if (target === END_NODE_ID) endUsed = true;
    pushEdge(flowEdge(edge, source, target));
  }
  if (endUsed) nodes.push(sized({ id: END_NODE_ID, type: 'end', position: ORIGIN, data: {} }, direction));

  return { nodes: decorate(nodes, nodeIdOfStep, options.problems ?? []), edges, nodeIdOfStep };
}

function flowEdge(edge: FlowEdge, source: string, target: string): Omit<CanvasEdge, 'className'> {
  return {
    id: `${source}:${edge.handle}->${target}`,
    source,
    sourceHandle: edge.handle,
    target,
    targetHandle: 'in',
    ...(edge.label !== undefined ? { label: edge.label } : {}),
    data: { kind: edge.kind, backward: edge.backward },
  };
}

/** The node with its size and handles from the registry (React Flow then needs no measuring to draw it). */
function sized<N extends CanvasNode>(node: N, direction: LayoutDirection): N {
  const size = nodeSize(node, direction);
  return { ...node, width: size.width, height: size.height, handles: flowHandles(nodeHandles(node, direction), size, node.type === 'start' || node.type === 'end') };
}

/** Puts each problem on the node of the step it names (problems without a step stay list-only). */
function decorate(nodes: CanvasNode[], nodeIdOfStep: ReadonlyMap<string, string>, problems: readonly Problem[]): CanvasNode[] {
  if (problems.length === 0) return nodes;
  const byNode = new Map<string, Problem[]>();
  for (const problem of problems) {
    const nodeId = problem.stepId !== undefined ? nodeIdOfStep.get(problem.stepId) : undefined;
    if (nodeId === undefined) continue;
    byNode.set(nodeId, [...(byNode.get(nodeId) ?? []), problem]);
  }
  return nodes.map((node) => {
    const own = byNode.get(node.id);
    return own && 'problems' in node.data ? ({ ...node, data: { ...node.data, problems: own } } as CanvasNode) : node;
  });
}
