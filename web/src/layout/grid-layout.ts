import type { LayoutDirection } from '@planvas/shared';
import type { LayoutNode, Positions } from './layout-types';

const GAP = 60;

/**
 * The fallback when ELK takes too long or fails: nodes in document order on a grid, flowing in
 * the layout direction. Ugly but instant, and every node is reachable.
 */
export function gridLayout(nodes: readonly LayoutNode[], direction: LayoutDirection): Positions {
  const perLine = Math.max(1, Math.ceil(Math.sqrt(nodes.length)));
  const cellW = Math.max(0, ...nodes.map((n) => n.width)) + GAP;
  const cellH = Math.max(0, ...nodes.map((n) => n.height)) + GAP;
  const positions: Positions = {};
  nodes.forEach((node, i) => {
    const along = i % perLine;
    const across = Math.floor(i / perLine);
    positions[node.id] = direction === 'LR' ? { x: along * cellW, y: across * cellH } : { x: across * cellW, y: along * cellH };
  });
  return positions;
}
