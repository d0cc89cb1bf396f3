import type { LayoutDirection } from '@planvas/shared';
import type { LayoutEdge, LayoutNode, LayoutPort, Positions } from './layout-types';

/** Gaps of the layout (ELK's options in elk-layout.ts, and the fans): between layers, and between nodes of a layer. */
export const LAYOUT_GAP = { LR: { along: 110, across: 44 }, TB: { along: 90, across: 60 } } as const;
/**
 * A port of a node placed inside a bigger box (a folded fan or run, at `x`, `y` within it), moved
 * onto the box's border on its own side, as ELK expects ports to lie.
 */
export function portOnBorder(port: LayoutPort, x: number, y: number, box: { width: number; height: number }, id = port.id): LayoutPort {
  if (port.side === 'EAST') return { id, side: port.side, x: box.width, y };
  if (port.side === 'SOUTH') return { id, side: port.side, x, y: box.height };
  if (port.side === 'WEST') return { id, side: port.side, x: 0, y };
  return { id, side: port.side, x, y: 0 };
}

/** Room kept between the fan and the parent's other outputs, so their edges pass clear of it. */
export const FAN_CLEARANCE = 24;

type Fan = { parent: LayoutNode; members: LayoutNode[]; fanPorts: Set<string> };

/**
 * Sub-agents sit in a fan beside their parent (right of it in LR, below in TB), in route order,
 * clear of the parent's other outputs. Their place follows from the parent's alone, so ELK does not
 * need to place them: each parent goes to ELK as one box with room for its fan, and the fan is
 * unfolded after. A 1,000-step plan has 750 sub-agents among its 1,752 nodes; ELK's time grows
 * with the node count. A sub-agent with any other edge than its parent's stays in ELK's hands.
 */
export function foldFans(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  direction: LayoutDirection,
): { nodes: LayoutNode[]; edges: LayoutEdge[]; unfold(positions: Positions): Positions } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const degree = new Map<string, number>();
  for (const e of edges) for (const end of [e.source, e.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const fans = new Map<string, Fan>();
  const folded = new Set<string>();
  const kept: LayoutEdge[] = [];
  for (const e of edges) {
    const parent = byId.get(e.source);
    const member = byId.get(e.target);
    if (!e.fan || !parent || !member || degree.get(member.id) !== 1 || folded.has(member.id) || fans.has(member.id)) {
      kept.push(e);
      continue;
    }
    const fan = fans.get(parent.id) ?? { parent, members: [], fanPorts: new Set<string>() };
    fan.members.push(member);
    fan.fanPorts.add(e.sourceHandle);
    fans.set(parent.id, fan);
    folded.add(member.id);
  }
  // A parent that is itself folded into another fan would need nested unfolding: leave both to ELK.
  for (const id of [...fans.keys()]) {
    if (!folded.has(id)) continue;
    const fan = fans.get(id)!;
    fans.delete(id);
    for (const m of fan.members) folded.delete(m.id);
  }
  if (fans.size === 0) return { nodes: [...nodes], edges: [...edges], unfold: (p) => p };
  const edgesOut = edges.filter((e) => !(e.fan && folded.has(e.target)));

  const lr = direction === 'LR';
  const gap = LAYOUT_GAP[direction];
  const out = lr ? 'EAST' : 'SOUTH';
  const across = (p: { x: number; y: number }) => (lr ? p.y : p.x);
  const placements = new Map<string, { offset: number; start: number; alongAt: number; members: LayoutNode[] }>();
  const clusters = new Map<string, LayoutNode>();
  for (const fan of fans.values()) {
    const { parent, members } = fan;
    const parentAlong = lr ? parent.width : parent.height;
    const parentAcross = lr ? parent.height : parent.width;
    const spread = members.reduce((sum, m) => sum + (lr ? m.height : m.width), 0) + gap.across * (members.length - 1);
    const depth = Math.max(...members.map((m) => (lr ? m.width : m.height)));
    // The fan ends before the first of the parent's other outputs; it grows back past the parent's
    // start when it is longer than the room there.
    const others = parent.ports.filter((p) => p.side === out && !fan.fanPorts.has(p.id)).map(across);
    const limit = others.length > 0 ? Math.min(...others) - FAN_CLEARANCE : parentAcross;
    const start = Math.min(0, limit - spread);
    const offset = -start;
    const alongSize = parentAlong + gap.along + depth;
    const acrossSize = offset + Math.max(parentAcross, start + spread);
    const width = lr ? alongSize : acrossSize;
    const height = lr ? acrossSize : alongSize;
    const ports: LayoutPort[] = parent.ports
      .filter((p) => !fan.fanPorts.has(p.id))
      .map((p) => portOnBorder(p, lr ? p.x : p.x + offset, lr ? p.y + offset : p.y, { width, height }));
    clusters.set(parent.id, { id: parent.id, width, height, ports });
    placements.set(parent.id, { offset, start, alongAt: parentAlong + gap.along, members });
  }

  return {
    nodes: nodes.filter((n) => !folded.has(n.id)).map((n) => clusters.get(n.id) ?? n),
    edges: edgesOut,
    unfold(positions) {
      const result: Positions = { ...positions };
      for (const [parentId, place] of placements) {
        const at = positions[parentId];
        if (!at) continue;
        const parent = lr ? { x: at.x, y: at.y + place.offset } : { x: at.x + place.offset, y: at.y };
        result[parentId] = parent;
        let cursor = place.start;
        for (const m of place.members) {
          result[m.id] = lr ? { x: parent.x + place.alongAt, y: parent.y + cursor } : { x: parent.x + cursor, y: parent.y + place.alongAt };
          cursor += (lr ? m.height : m.width) + gap.across;
        }
      }
      return result;
    },
  };
}
