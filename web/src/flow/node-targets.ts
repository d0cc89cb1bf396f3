import { END, type Plan } from '@planvas/shared';
import { canvasFlowOf } from './flow-cache';
import type { CanvasEdge } from './edge-data';
import type { CanvasNode } from './node-data';

/**
 * What a canvas node or edge stands for in the plan, so canvas gestures (select, delete, connect)
 * become document edits. Node ids are step ids except for sub-agents (`<parent>-sub-agent-<route>`),
 * the generic agent, start/end and duplicated ids (`id~2`); this goes by the node's data instead.
 */
export type NodeTarget =
  | { kind: 'step'; nodeId: string; stepId: string }
  | { kind: 'sub_agent'; nodeId: string; stepId: string; parentStepId: string; routeId: string }
  | { kind: 'generic'; nodeId: string; parentStepId: string }
  | { kind: 'start'; nodeId: string }
  | { kind: 'end'; nodeId: string };

export type EdgeTarget =
  | { kind: 'flow'; edgeId: string; source: string; handle: string; target: string }
  | { kind: 'delegation'; edgeId: string; parentStepId: string; routeId: string }
  | { kind: 'generic'; edgeId: string; parentStepId: string }
  | { kind: 'fixed'; edgeId: string };

const flowOf = (plan: Plan) => canvasFlowOf(plan, 'LR', null);

export function nodeTargetOf(plan: Plan, nodeId: string): NodeTarget | undefined {
  const nodes = new Map(flowOf(plan).nodes.map((n) => [n.id, n]));
  const node = nodes.get(nodeId);
  return node ? targetOfNode(node, nodes) : undefined;
}

/** Every node's target, in one walk of the flow (for what every node reads, e.g. breakpoint markers). */
export function nodeTargetsOf(plan: Plan): Map<string, NodeTarget> {
  const nodes = new Map(flowOf(plan).nodes.map((n) => [n.id, n]));
  const targets = new Map<string, NodeTarget>();
  for (const node of nodes.values()) {
    const target = targetOfNode(node, nodes);
    if (target) targets.set(node.id, target);
  }
  return targets;
}

function targetOfNode(node: CanvasNode, nodes: ReadonlyMap<string, CanvasNode>): NodeTarget | undefined {
  switch (node.type) {
    case 'start':
      return { kind: 'start', nodeId: node.id };
    case 'end':
      return { kind: 'end', nodeId: node.id };
    case 'sub_agent': {
      const parent = nodes.get(node.data.parentId);
      const parentStepId = parent && 'step' in parent.data ? parent.data.step.id : undefined;
      if (parentStepId === undefined) return undefined;
      if (node.data.generic) return { kind: 'generic', nodeId: node.id, parentStepId };
      return { kind: 'sub_agent', nodeId: node.id, stepId: node.data.step.id, parentStepId, routeId: node.data.routeId };
    }
    default:
      return { kind: 'step', nodeId: node.id, stepId: node.data.step.id };
  }
}

/** The step id a node stands for (sub-agents included), or undefined for start / end / generic. */
export function stepIdOfNode(plan: Plan, nodeId: string): string | undefined {
  const target = nodeTargetOf(plan, nodeId);
  return target && (target.kind === 'step' || target.kind === 'sub_agent') ? target.stepId : undefined;
}

/** The node showing a step (the first one, for a duplicated id). */
export function nodeIdOfStep(plan: Plan, stepId: string): string | undefined {
  return flowOf(plan).nodeIdOfStep.get(stepId);
}

/** Connection endpoint: `end` for the end node, else the node's step id. */
export function connectionEndpoint(plan: Plan, nodeId: string): string | undefined {
  const target = nodeTargetOf(plan, nodeId);
  if (!target) return undefined;
  if (target.kind === 'end') return END;
  if (target.kind === 'step' || target.kind === 'sub_agent') return target.stepId;
  return undefined;
}

export function edgeTargetOf(plan: Plan, edgeId: string): EdgeTarget | undefined {
  const flow = flowOf(plan);
  const edge = flow.edges.find((e) => e.id === edgeId);
  if (!edge) return undefined;
  return targetOfEdge(edge, new Map(flow.nodes.map((n) => [n.id, n])));
}

function targetOfEdge(edge: CanvasEdge, nodes: ReadonlyMap<string, CanvasNode>): EdgeTarget {
  const { kind } = edge.data;
  if (kind === 'sub_agent') {
    const sub = nodes.get(edge.target);
    const target = sub ? targetOfNode(sub, nodes) : undefined;
    if (target?.kind === 'sub_agent') return { kind: 'delegation', edgeId: edge.id, parentStepId: target.parentStepId, routeId: target.routeId };
    if (target?.kind === 'generic') return { kind: 'generic', edgeId: edge.id, parentStepId: target.parentStepId };
    return { kind: 'fixed', edgeId: edge.id };
  }
  if (kind === 'return' || kind === 'start') return { kind: 'fixed', edgeId: edge.id };
  const source = nodes.get(edge.source);
  const sourceTarget = source ? targetOfNode(source, nodes) : undefined;
  const to = nodes.get(edge.target);
  const toTarget = to ? targetOfNode(to, nodes) : undefined;
  if (sourceTarget?.kind !== 'step' || edge.sourceHandle == null) return { kind: 'fixed', edgeId: edge.id };
  const target = toTarget?.kind === 'end' ? END : toTarget?.kind === 'step' ? toTarget.stepId : '';
  return { kind: 'flow', edgeId: edge.id, source: sourceTarget.stepId, handle: edge.sourceHandle, target };
}
