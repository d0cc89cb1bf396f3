import { Position } from '@xyflow/react';
import type { LayoutDirection } from '@planvas/shared';
import { nodeHandles, nodeSize } from '../flow/definitions';
import type { CanvasEdge } from '../flow/edge-data';
import { isVerticalSide } from '../flow/handles';
import type { CanvasNode } from '../flow/node-data';
import type { LayoutEdge, LayoutNode, PortSide } from './layout-types';

const SIDE: Record<Position, PortSide> = {
  [Position.Top]: 'NORTH',
  [Position.Right]: 'EAST',
  [Position.Bottom]: 'SOUTH',
  [Position.Left]: 'WEST',
};

/**
 * Canvas nodes and edges -> the layout's plain input: sizes and ports from the registry (the same
 * geometry the node components draw). Return edges are left out: they run against the flow and
 * would only pull sub-agents back towards their parents.
 */
export function toLayoutInput(
  nodes: readonly CanvasNode[],
  edges: readonly CanvasEdge[],
  direction: LayoutDirection,
): { nodes: LayoutNode[]; edges: LayoutEdge[] } {
  return {
    nodes: nodes.map((node) => {
      // planToFlow already put the registry's size and handles on the node; compute them only
      // for a node that came without (a 1,000-step plan has ~1,750 nodes: this is on the open path).
      const size = node.width !== undefined && node.height !== undefined ? { width: node.width, height: node.height } : nodeSize(node, direction);
      const ports = node.handles
        ? node.handles.map((h) => ({
            id: h.id ?? '',
            position: h.position,
            offset: isVerticalSide(h.position) ? h.y + (h.height ?? 0) / 2 : h.x + (h.width ?? 0) / 2,
          }))
        : nodeHandles(node, direction);
      return {
        id: node.id,
        width: size.width,
        height: size.height,
        ports: ports.map((h) => {
          const side = SIDE[h.position];
          const x = side === 'WEST' ? 0 : side === 'EAST' ? size.width : h.offset;
          const y = side === 'NORTH' ? 0 : side === 'SOUTH' ? size.height : h.offset;
          return { id: h.id, side, x, y };
        }),
      };
    }),
    edges: edges
      .filter((e) => e.data.kind !== 'return')
      .map((e) => ({
        id: e.id,
        source: e.source,
        sourceHandle: e.sourceHandle ?? '',
        target: e.target,
        targetHandle: e.targetHandle ?? '',
        ...((e.data.kind === 'next' || e.data.kind === 'start') && !e.data.backward ? { straight: true } : {}),
        ...(e.data.kind === 'sub_agent' ? { fan: true } : {}),
      })),
  };
}
