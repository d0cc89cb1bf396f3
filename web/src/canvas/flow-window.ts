import { useMemo } from 'react';
import { useStore, type Edge, type Node, type ReactFlowState } from '@xyflow/react';

export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The window of a big plan that React Flow is given, as a key that changes only when the view
 * moves to another cell of a grid of view-sized cells (or the zoom changes by a quarter octave):
 * the canvas re-renders per cell crossed, not per frame of a pan. The window spans the view's cell,
 * one cell before it and two after it on each axis, so the view always lies inside it with at
 * least a cell of margin where it came from. Zero-sized views (not measured yet) use the page size.
 */
export function windowKey(transform: readonly [number, number, number], width: number, height: number): string {
  const [tx, ty, zoom] = transform;
  const level = Math.round(Math.log2(zoom) * 4);
  const snapped = 2 ** (level / 4);
  const cellWidth = (width || globalThis.innerWidth || 1440) / snapped;
  const cellHeight = (height || globalThis.innerHeight || 900) / snapped;
  const column = Math.floor(-tx / zoom / cellWidth);
  const row = Math.floor(-ty / zoom / cellHeight);
  return `${column}|${row}|${cellWidth}|${cellHeight}`;
}

export function windowRect(key: string): Rect {
  const [column, row, cellWidth, cellHeight] = key.split('|').map(Number) as [number, number, number, number];
  return { x: (column - 1) * cellWidth, y: (row - 1) * cellHeight, width: 4 * cellWidth, height: 4 * cellHeight };
}

const overlaps = (node: Node, r: Rect) => {
  const { x, y } = node.position;
  return x < r.x + r.width && x + (node.width ?? 0) > r.x && y < r.y + r.height && y + (node.height ?? 0) > r.y;
};

/**
 * The nodes in `window`, the nodes they are connected to (so every edge that touches the window
 * is drawn, however far its other end), the selected nodes, and the edges between all of these.
 */
export function nodesInWindow<N extends Node, E extends Edge>(nodes: readonly N[], edges: readonly E[], window: Rect): { nodes: N[]; edges: E[] } {
  const inside = new Set<string>();
  for (const node of nodes) if (node.selected || overlaps(node, window)) inside.add(node.id);
  const kept = new Set(inside);
  for (const edge of edges) {
    if (inside.has(edge.source)) kept.add(edge.target);
    else if (inside.has(edge.target)) kept.add(edge.source);
  }
  return { nodes: nodes.filter((n) => kept.has(n.id)), edges: edges.filter((e) => kept.has(e.source) && kept.has(e.target)) };
}

const keySelector = (s: ReactFlowState) => windowKey(s.transform, s.width, s.height);

/**
 * What React Flow gets of a plan: all of it up to `above` nodes; past that, the window around the
 * view (see windowKey). React Flow keeps its own index of every node and edge it is given and
 * redoes it whenever they change: for a 1,000-step plan (1,752 nodes, 1,761 edges) that was
 * ~500 ms of main thread on open, in one task. The canvas keeps the whole plan: fitting,
 * centring and the minimap use it, not React Flow's part.
 */
export function useFlowWindow<N extends Node, E extends Edge>(
  nodes: readonly N[],
  edges: readonly E[],
  above: number,
): { nodes: N[]; edges: E[]; windowed: boolean } {
  const windowed = nodes.length > above;
  const key = useStore((s) => (windowed ? keySelector(s) : ''));
  return useMemo(
    () => (windowed ? { ...nodesInWindow(nodes, edges, windowRect(key)), windowed } : { nodes: nodes as N[], edges: edges as E[], windowed }),
    [nodes, edges, key, windowed],
  );
}
