import type { LayoutDirection } from '@planvas/shared';
import { LAYOUT_GAP, portOnBorder } from './fans';
import type { LayoutEdge, LayoutNode, LayoutPort, Positions, PortSide } from './layout-types';

/** Joins a chain member's id and one of its handle ids into a port id of the chain's box. */
const MEMBER_PORT = '\u241E';

type Chain = {
  members: LayoutNode[];
  /** Per member: its offset along the flow and across it, from the box's top-left corner. */
  along: number[];
  across: number[];
};

/**
 * Runs of steps that simply follow one another (A's only output goes to B, B's only input comes
 * from A, leaving A's output side for B's input side) are laid out by rule, not by ELK: one after
 * the other along the flow, the gap between layers apart, their inputs level (the main line of the
 * flow straight). That is where ELK puts them too, but it has to find it out,
 * and its time grows with the node count: most of a plan is such runs (a 1,000-step plan, fans of
 * sub-agents already folded (fans.ts), goes from 1,002 nodes to a few dozen). Each run goes to ELK as
 * one box with its first member's inputs and its last member's outputs; ELK still decides where
 * runs, branches, merges and loops go relative to each other.
 */
export function foldChains(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  direction: LayoutDirection,
): { nodes: LayoutNode[]; edges: LayoutEdge[]; unfold(positions: Positions): Positions } {
  const lr = direction === 'LR';
  const outSide: PortSide = lr ? 'EAST' : 'SOUTH';
  const inSide: PortSide = lr ? 'WEST' : 'NORTH';
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const outgoing = new Map<string, LayoutEdge[]>();
  const incoming = new Map<string, LayoutEdge[]>();
  for (const e of edges) {
    if (e.source === e.target || !byId.has(e.source) || !byId.has(e.target)) continue;
    (outgoing.get(e.source) ?? outgoing.set(e.source, []).get(e.source)!).push(e);
    (incoming.get(e.target) ?? incoming.set(e.target, []).get(e.target)!).push(e);
  }
  const portOf = (node: LayoutNode, id: string) => node.ports.find((p) => p.id === id);
  /** The link from `id` to the next member of its run, if it has one. */
  const linkFrom = (id: string): { edge: LayoutEdge; into: LayoutPort } | null => {
    const outs = outgoing.get(id);
    if (outs?.length !== 1) return null;
    const edge = outs[0]!;
    if (incoming.get(edge.target)?.length !== 1) return null;
    const out = portOf(byId.get(id)!, edge.sourceHandle);
    const into = portOf(byId.get(edge.target)!, edge.targetHandle);
    return out?.side === outSide && into?.side === inSide ? { edge, into } : null;
  };
  const linked = new Set<string>();
  for (const n of nodes) {
    const link = linkFrom(n.id);
    if (link) linked.add(link.edge.target);
  }

  const gap = LAYOUT_GAP[direction].along;
  const alongSize = (n: LayoutNode) => (lr ? n.width : n.height);
  const acrossSize = (n: LayoutNode) => (lr ? n.height : n.width);
  const acrossOf = (p: LayoutPort) => (lr ? p.y : p.x);
  const chains = new Map<string, Chain>();
  const folded = new Set<string>();
  const links = new Set<LayoutEdge>();
  for (const head of nodes) {
    // A run starts at a node that is nobody's next; a closed loop of such links has no start and stays with ELK.
    if (linked.has(head.id) || !linkFrom(head.id)) continue;
    // Every member's input lies on one line across the run (the head's: its one input, or its
    // middle); outputs lower or higher than the next input bend to it. Aligning each link's two
    // ends instead would drift: a todo_task's next-step output sits below its input, and a run of
    // them would go down like a staircase.
    const headInputs = head.ports.filter((p) => p.side === inSide);
    const members = [head];
    const along = [0];
    const across = [-(headInputs.length === 1 ? acrossOf(headInputs[0]!) : acrossSize(head) / 2)];
    for (let link = linkFrom(head.id); link && !folded.has(link.edge.target); link = linkFrom(members.at(-1)!.id)) {
      const last = members.length - 1;
      const next = byId.get(link.edge.target)!;
      links.add(link.edge);
      members.push(next);
      along.push(along[last]! + alongSize(members[last]!) + gap);
      across.push(-acrossOf(link.into));
      folded.add(next.id);
    }
    const top = Math.min(...across);
    chains.set(head.id, { members, along, across: across.map((c) => c - top) });
  }
  if (chains.size === 0) return { nodes: [...nodes], edges: [...edges], unfold: (p) => p };

  const boxes = new Map<string, LayoutNode>();
  /** A run's last member, by id: its outputs are now the box's. */
  const tails = new Map<string, { head: string; ports: Set<string> }>();
  for (const [headId, chain] of chains) {
    const { members, along, across } = chain;
    const last = members.length - 1;
    const tail = members[last]!;
    const length = along[last]! + alongSize(tail);
    const breadth = Math.max(...members.map((m, i) => across[i]! + acrossSize(m)));
    const width = lr ? length : breadth;
    const height = lr ? breadth : length;
    // The box's ports: the head's inputs and the tail's outputs.
    const place = (p: LayoutPort, alongAt: number, acrossAt: number, id: string): LayoutPort =>
      portOnBorder(p, lr ? p.x + alongAt : p.x + acrossAt, lr ? p.y + acrossAt : p.y + alongAt, { width, height }, id);
    const ports = [
      ...members[0]!.ports.filter((p) => p.side !== outSide).map((p) => place(p, along[0]!, across[0]!, p.id)),
      ...tail.ports.filter((p) => p.side !== inSide).map((p) => place(p, along[last]!, across[last]!, `${tail.id}${MEMBER_PORT}${p.id}`)),
    ];
    boxes.set(headId, { id: headId, width, height, ports });
    tails.set(tail.id, { head: headId, ports: new Set(tail.ports.map((p) => p.id)) });
  }

  const keptEdges: LayoutEdge[] = [];
  for (const e of edges) {
    if (links.has(e)) continue;
    // Members other than the head have no edges but their links, apart from the tail's outputs
    // (and self-loops, which ELK skips): those now leave the box from the tail's port.
    const tail = tails.get(e.source);
    keptEdges.push(tail ? { ...e, source: tail.head, sourceHandle: tail.ports.has(e.sourceHandle) ? `${e.source}${MEMBER_PORT}${e.sourceHandle}` : '' } : e);
  }

  return {
    nodes: nodes.filter((n) => !folded.has(n.id)).map((n) => boxes.get(n.id) ?? n),
    edges: keptEdges,
    unfold(positions) {
      const result: Positions = { ...positions };
      for (const [headId, { members, along, across }] of chains) {
        const at = positions[headId];
        if (!at) continue;
        members.forEach((m, i) => {
          result[m.id] = lr ? { x: at.x + along[i]!, y: at.y + across[i]! } : { x: at.x + across[i]!, y: at.y + along[i]! };
        });
      }
      return result;
    },
  };
}
