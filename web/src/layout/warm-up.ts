import type { LayoutEdge, LayoutNode } from './layout-types';

/** A chain with fans of sub-agents (the usual shape of a plan), to warm ELK up with. */
function buildWarmUpGraph(steps: number): { nodes: LayoutNode[]; edges: LayoutEdge[] } {
  const nodes: LayoutNode[] = [];
  const edges: LayoutEdge[] = [];
  const node = (id: string, outs: string[]): LayoutNode => ({
    id,
    width: 280,
    height: 130,
    ports: [{ id: 'in', side: 'WEST', x: 0, y: 65 }, ...outs.map((out, i) => ({ id: out, side: 'EAST' as const, x: 280, y: 20 + i * 26 }))],
  });
  for (let i = 0; i < steps; i++) {
    const routes = i % 4 === 1 ? ['a', 'b', 'c'] : [];
    nodes.push(node(`s${i}`, [...routes, 'next']));
    for (const r of routes) {
      nodes.push(node(`s${i}-${r}`, []));
      edges.push({ id: `s${i}-${r}`, source: `s${i}`, sourceHandle: r, target: `s${i}-${r}`, targetHandle: 'in' });
    }
    if (i > 0) edges.push({ id: `e${i}`, source: `s${i - 1}`, sourceHandle: 'next', target: `s${i}`, targetHandle: 'in' });
    if (i % 20 === 19) edges.push({ id: `b${i}`, source: `s${i}`, sourceHandle: 'next', target: `s${i - 6}`, targetHandle: 'in' });
  }
  return { nodes, edges };
}

// Small on purpose: the worker answers real requests only after the warm-up, so a big one would
// delay the first plan the user opens (~30 nodes already take most of the first-call cost away).
export const warmUpGraph = buildWarmUpGraph(20);

/**
 * One throwaway layout of this tiny graph (6 steps, 8 nodes) runs as soon as ELK has loaded on a
 * deep link (elk.worker.ts `preload`): ELK's first call compiles the code paths every layout takes,
 * and that then happens while the app starts instead of after it asks. Measured at 1,000 steps,
 * medians of 6-8 first opens: the layout answered 160-260 ms after the request with it, 290-350 ms
 * without. More was worse, as ELK (loading in ~700 ms on a busy start) was still at it when the
 * request came: 360 ms with three rounds of this graph, 280 ms with two of `warmUpGraph`, against
 * 180 ms with one of this, in the same run.
 */
export const firstCallGraph = buildWarmUpGraph(6);
