import {
  asKnownStep,
  buildFlow,
  detectGeneration,
  END,
  hasGenericAgent,
  leniently,
  orphanSharedIds,
  routesOf,
  runsTodoOrchestrator,
  stepKindSpec,
  type FlowEdge,
  type Generation,
  type KnownStep,
  type LayoutDirection,
  type Plan,
  type Problem,
  type Step,
  type StepConfig,
  type SubAgentStep,
} from '@planvas/shared';
import { nodeHandles, nodeSize } from './definitions';
import { flowHandles } from './handles';
import type { CanvasEdge } from './edge-data';
import { edgeAppearance } from './edge-style';
import { executionModesOf } from './execution-mode';
import { GENERIC_HANDLE } from './kind-parts/route-outputs';
import { SUB_AGENT_INPUT, SUB_AGENT_RETURN } from '../canvas/kinds/sub-agent/definition';
import { END_NODE_ID, genericAgentNodeId, START_NODE_ID, subAgentNodeId, type CanvasNode, type StepCanvasNode, type SubAgentData } from './node-data';
import type { StatusMap } from './node-status';

export type PlanToFlowOptions = {
  direction?: LayoutDirection;
  problems?: readonly Problem[];
  statuses?: StatusMap;
  /** For the execution-mode badges. */
  stepConfig?: StepConfig | undefined;
  /** The file's generation (whether orchestrators have the generic agent); detected when absent. */
  generation?: Generation;
};

export type CanvasFlow = {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  /** Node id of every step id (main, branch, orphan and sub-agent steps; the first one wins on duplicates). */
  nodeIdOfStep: ReadonlyMap<string, string>;
};

const ORIGIN = { x: 0, y: 0 };
const NO_PROBLEMS: Problem[] = [];
type Scope = 'main' | 'branch' | 'orphan';
type BranchOf = { conditionalId: string; branch: 'true' | 'false' };

/**
 * Plan (+ problems, + run statuses) -> React Flow nodes and edges. Pure: positions are left at the
 * origin (the layout fills them in) and nothing is written back to the plan.
 *
 * One path for every kind: a step of a known kind becomes a node of that kind (an untyped step a
 * regular one), anything else an opaque node. Node order is document order with each step
 * followed by its branch steps and its sub-agents; the layout keeps that order inside a layer,
 * so routes' sub-agents line up in route order. A route that refers to a shared orphan step gets
 * an edge to the orphan's one node (flagged when the orphan is not shared with its step).
 */
export function planToFlow(plan: Plan, options: PlanToFlowOptions = {}): CanvasFlow {
  const direction = options.direction ?? 'LR';
  const statuses = options.statuses ?? {};
  const generation = options.generation ?? detectGeneration(plan).generation;
  const modes = executionModesOf(options.stepConfig);
  const nodes: CanvasNode[] = [];
  const edges: CanvasEdge[] = [];
  const nodeIdOfStep = new Map<string, string>();
  const usedNodeIds = new Set<string>();
  const orphanRefs: Array<{ ownerId: string; ownerNodeId: string; routeId: string; label: string; ref: string }> = [];

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
    edges.push({ ...edge, id, ...edgeAppearance(edge.data.kind, edge.data.backward, edge.data.problem !== undefined) });
  };
  const genericAgentOf = (step: Step) => runsTodoOrchestrator(step) && hasGenericAgent(step, generation);
  const statusOf = (nodeId: string) => (statuses[nodeId] ? { status: statuses[nodeId] } : {});

  if (plan.steps.length > 0) {
    usedNodeIds.add(START_NODE_ID);
    nodes.push(sized({ id: START_NODE_ID, type: 'start', position: ORIGIN, data: { entryId: plan.steps[0]?.id } }, direction));
  }

  const addSubAgents = (owner: SubAgentStep, ownerNodeId: string) => {
    const routes = routesOf(owner);
    if (!routes) return;
    for (const route of routes.routes) {
      const routeName = route.route_name?.trim() ? route.route_name : route.route_id;
      const sub = route.sub_agent_step;
      if (!sub) {
        if (route.orphan_step_ref) orphanRefs.push({ ownerId: owner.id, ownerNodeId, routeId: route.route_id, label: routeName, ref: route.orphan_step_ref });
        continue;
      }
      const nodeId = uniqueNodeId(subAgentNodeId(owner.id, route.route_id));
      if (!nodeIdOfStep.has(sub.id)) nodeIdOfStep.set(sub.id, nodeId);
      const data: SubAgentData = {
        step: sub,
        parentId: ownerNodeId,
        routeId: route.route_id,
        routeName,
        generic: false,
        genericAgent: genericAgentOf(sub),
        problems: NO_PROBLEMS,
        ...statusOf(nodeId),
      };
      pushNode({ id: nodeId, type: 'sub_agent', position: ORIGIN, data });
      addDelegationEdges(ownerNodeId, route.route_id, nodeId, routeName);
      addSubAgents(sub, nodeId);
    }
    if (genericAgentOf(owner)) {
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
          genericAgent: false,
          problems: NO_PROBLEMS,
          ...statusOf(nodeId),
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

  const visitList = (steps: readonly Step[], scope: Scope, prefix: string, branchOf?: BranchOf) => {
    steps.forEach((step, i) => visitStep(step, scope, scope === 'orphan' ? `orphan ${i + 1}` : `${prefix}${i + 1}`, branchOf));
  };

  const visitStep = (anyStep: Step, scope: Scope, number: string, branchOf?: BranchOf) => {
    const id = uniqueNodeId(anyStep.id);
    if (!nodeIdOfStep.has(anyStep.id)) nodeIdOfStep.set(anyStep.id, id);
    const mode = modes.get(anyStep.id);
    const common = { number, scope, ...(branchOf ? { branchOf } : {}), problems: NO_PROBLEMS, ...statusOf(id), ...(mode ? { executionMode: mode } : {}) };
    const step = asKnownStep(anyStep);
    if (step) {
      pushNode(stepNode(id, step, common, genericAgentOf(anyStep)));
      // Nested main-flow lists (a conditional's branches), as the kind defines them.
      for (const branch of leniently(() => stepKindSpec(step.type).branches?.(step) ?? [], [])) {
        const list = (step as Record<string, unknown>)[branch.field];
        if (Array.isArray(list))
          visitList(list as Step[], scope === 'orphan' ? 'orphan' : 'branch', `${number}.${branch.branch === 'true' ? 'Y' : 'N'}`, {
            conditionalId: id,
            branch: branch.branch,
          });
      }
    } else {
      pushNode({ id, type: 'opaque', position: ORIGIN, data: { ...common, step: anyStep } });
    }
    addSubAgents(anyStep, id);
  };

  visitList(plan.steps, 'main', '');
  if (plan.orphan_steps) visitList(plan.orphan_steps, 'orphan', '');

  // Routes that refer to a shared orphan step: an edge to its one node, flagged when not shared.
  const orphans = new Map((plan.orphan_steps ?? []).map((step) => [step.id, step] as const));
  for (const ref of orphanRefs) {
    const orphan = orphans.get(ref.ref);
    const target = orphan ? nodeIdOfStep.get(orphan.id) : undefined;
    if (!orphan || target === undefined) continue;
    const shared = orphanSharedIds(orphan, generation).includes(ref.ownerId);
    pushEdge({
      id: `${ref.ownerNodeId}:${ref.routeId}->${target}`,
      source: ref.ownerNodeId,
      sourceHandle: ref.routeId,
      target,
      targetHandle: 'in',
      ariaLabel: `${ref.label}: delegates to the shared step ${orphan.id}${shared ? '' : ' (not shared with this step)'}`,
      ...(shared ? {} : { label: 'not shared' }),
      data: { kind: 'sub_agent', backward: false, ...(shared ? {} : { problem: `orphan step "${orphan.id}" is not shared with "${ref.ownerId}"` }) },
    });
  }

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

type CommonData = { number: string; scope: Scope; branchOf?: BranchOf; problems: Problem[] };

/**
 * The node of a step of a known kind. Its data is the kind's (node-data.ts `StepDataOfKind`): the
 * common fields, and for the kinds that delegate whether they have the generic agent. TypeScript
 * cannot pair a kind with its data across the union, so the one cast is here.
 */
function stepNode(id: string, step: KnownStep, common: CommonData, genericAgent: boolean): StepCanvasNode {
  const delegates = step.type === 'todo_task' || step.type === 'orchestrator' || step.type === 'agent';
  return { id, type: step.type, position: ORIGIN, data: { ...common, step, ...(delegates ? { genericAgent } : {}) } } as StepCanvasNode;
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
  return {
    ...node,
    width: size.width,
    height: size.height,
    handles: flowHandles(nodeHandles(node, direction), size, node.type === 'start' || node.type === 'end'),
  };
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
