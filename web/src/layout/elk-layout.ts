import type { ElkExtendedEdge, ElkNode, ElkPort, LayoutOptions } from 'elkjs/lib/elk-api';
import type { LayoutDirection } from '@planvas/shared';
import { foldChains } from './chains';
import { foldFans, LAYOUT_GAP } from './fans';
import type { LayoutEdge, LayoutNode, LayoutPort, Positions, PortSide } from './layout-types';

/** The part of an ELK instance the layout uses (elkjs' own API; satisfied by `new ELK()`). */
export interface ElkEngine {
  layout(graph: ElkNode, args?: { layoutOptions?: LayoutOptions }): Promise<ElkNode>;
}

/**
 * Lays out a graph with ELK layered and returns top-left positions only. Pure apart from the ELK
 * engine passed in: the browser passes one living in a Web Worker, tests pass one in node.
 */
export async function layout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], direction: LayoutDirection, elk: ElkEngine): Promise<Positions> {
  // What follows from local structure is placed by rule around ELK's result: fans of sub-agents
  // beside their parent (fans.ts), runs of steps one after the other (chains.ts).
  const fans = foldFans(nodes, edges, direction);
  const chains = foldChains(fans.nodes, fans.edges, direction);
  const result = await elk.layout(toElkGraph(chains.nodes, chains.edges, direction));
  const positions: Positions = {};
  for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  const unfolded = fans.unfold(chains.unfold(positions));
  for (const id of Object.keys(unfolded)) unfolded[id] = { x: Math.round(unfolded[id]!.x), y: Math.round(unfolded[id]!.y) };
  return unfolded;
}

/**
 * Options, chosen for what planvas graphs look like (mostly a chain with fans of sub-agents):
 * - every port has a side and a fixed order, so a todo_task's route edges leave in route order
 *   and its sub-agents stack in that order in the next layer (right of it in LR, below in TB);
 * - cycles (loops back to earlier steps) are broken by model order, i.e. the document order of
 *   the steps, so a backward jump is what gets reversed, never the forward flow;
 * - big graphs get a lower crossing-minimisation thoroughness: on 2,000+ nodes the default costs
 *   seconds for a barely visible gain (TOOLCHAIN.md "Layout speed").
 */
export function layoutOptions(direction: LayoutDirection, nodeCount: number): LayoutOptions {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': direction === 'LR' ? 'RIGHT' : 'DOWN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYOUT_GAP[direction].along),
    'elk.spacing.nodeNode': String(LAYOUT_GAP[direction].across),
    'elk.spacing.edgeNode': '24',
    'elk.spacing.edgeEdge': '14',
    'elk.layered.spacing.edgeNodeBetweenLayers': '24',
    'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
    // Brandes-Koepf picks the best of its four alignments and straightens the main flow's edges
    // (see `straight` edges); measured on the demo plan: half the sideways drift of BALANCED.
    'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    'elk.layered.nodePlacement.bk.edgeStraightening': 'IMPROVE_STRAIGHTNESS',
    'elk.layered.thoroughness': nodeCount > 1500 ? '1' : nodeCount > 400 ? '3' : '7',
    'elk.separateConnectedComponents': 'true',
    'elk.padding': '[top=24,left=24,bottom=24,right=24]',
  };
}

const SIDE_ORDER: Record<PortSide, number> = { NORTH: 0, EAST: 1, SOUTH: 2, WEST: 3 };

/**
 * ELK's FIXED_ORDER reads `port.index` clockwise from the top-left corner: left to right on the
 * top, top to bottom on the right, right to left on the bottom, bottom to top on the left.
 */
export function clockwiseIndex(ports: readonly LayoutPort[]): Map<string, number> {
  const key = (p: LayoutPort) => (p.side === 'NORTH' ? p.x : p.side === 'EAST' ? p.y : p.side === 'SOUTH' ? -p.x : -p.y);
  const sorted = [...ports].sort((a, b) => SIDE_ORDER[a.side] - SIDE_ORDER[b.side] || key(a) - key(b));
  return new Map(sorted.map((p, i) => [p.id, i]));
}

export const PORT_SEPARATOR = '\u241F';
const portId = (nodeId: string, handleId: string) => `${nodeId}${PORT_SEPARATOR}${handleId}`;

export function toElkGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], direction: LayoutDirection): ElkNode {
  const portsOf = new Map<string, Set<string>>();
  const children: ElkNode[] = nodes.map((node) => {
    const index = clockwiseIndex(node.ports);
    portsOf.set(node.id, new Set(node.ports.map((p) => p.id)));
    const ports: ElkPort[] = node.ports.map((p) => ({
      id: portId(node.id, p.id),
      x: p.x,
      y: p.y,
      width: 0,
      height: 0,
      layoutOptions: { 'elk.port.side': p.side, 'elk.port.index': String(index.get(p.id) ?? 0) },
    }));
    return { id: node.id, width: node.width, height: node.height, ports, layoutOptions: { 'elk.portConstraints': 'FIXED_ORDER' } };
  });
  const elkEdges: ElkExtendedEdge[] = [];
  for (const edge of edges) {
    const sourcePorts = portsOf.get(edge.source);
    const targetPorts = portsOf.get(edge.target);
    // An edge to a missing node or handle would make ELK throw for the whole graph; skip it.
    if (!sourcePorts || !targetPorts || edge.source === edge.target) continue;
    const source = sourcePorts.has(edge.sourceHandle) ? portId(edge.source, edge.sourceHandle) : edge.source;
    const target = targetPorts.has(edge.targetHandle) ? portId(edge.target, edge.targetHandle) : edge.target;
    elkEdges.push({
      id: edge.id,
      sources: [source],
      targets: [target],
      ...(edge.straight ? { layoutOptions: { 'elk.layered.priority.straightness': '10', 'elk.layered.priority.direction': '10' } } : {}),
    });
  }
  return { id: 'root', layoutOptions: layoutOptions(direction, nodes.length), children, edges: elkEdges };
}
