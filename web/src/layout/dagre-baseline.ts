import dagre from '@dagrejs/dagre';
import { gridLayout } from './grid-layout';
import type { LayoutResult, LayoutService } from './layout-client';
import { BASELINE_MARKS } from './baseline-marks';
import { LAYOUT_GAP } from './fans';
import type { Positions } from './layout-types';

/**
 * NOT part of the product: the baseline `pnpm bench` compares planvas against, i.e. the approach
 * of the system planvas replaces: dagre, on the main thread, when the plan arrives. Built only into
 * the bench's own copy of the app (vite.config.ts `__PLANVAS_BASELINE_DAGRE__`), never into
 * `pnpm build`'s. Same node sizes, edges and gaps as the ELK layout; dagre has no ports.
 */
export function createDagreBaselineService(): LayoutService {
  return {
    preload() {},
    cancelPreload() {},
    warm() {},
    dispose() {},
    layout(nodes, edges, direction) {
      // The bench splits the dagre app's open into phases by these marks, as it does planvas'
      // by the worker's request and answer.
      performance.mark(BASELINE_MARKS.asked);
      // In a task of its own, as a dagre canvas runs it from the callback that receives the plan.
      return new Promise<LayoutResult>((resolve) => {
        setTimeout(() => {
          const started = performance.now();
          try {
            const graph = new dagre.graphlib.Graph({ multigraph: true });
            const gap = LAYOUT_GAP[direction];
            graph.setGraph({ rankdir: direction === 'LR' ? 'LR' : 'TB', nodesep: gap.across, ranksep: gap.along, edgesep: 14 });
            graph.setDefaultEdgeLabel(() => ({}));
            for (const node of nodes) graph.setNode(node.id, { width: node.width, height: node.height });
            for (const edge of edges) if (edge.source !== edge.target) graph.setEdge(edge.source, edge.target, {}, edge.id);
            dagre.layout(graph);
            const positions: Positions = {};
            for (const node of nodes) {
              const placed = graph.node(node.id);
              positions[node.id] = { x: Math.round(placed.x - node.width / 2), y: Math.round(placed.y - node.height / 2) };
            }
            const ms = performance.now() - started;
            performance.mark(BASELINE_MARKS.done);
            resolve({ positions, fallback: false, ms, computeMs: ms });
          } catch (error) {
            // dagre recurses once per node of a long chain and can run out of stack.
            resolve({
              positions: gridLayout(nodes, direction),
              fallback: true,
              reason: `dagre failed (${error instanceof Error ? error.message : String(error)})`,
              ms: performance.now() - started,
            });
          }
        }, 0);
      });
    },
  };
}
