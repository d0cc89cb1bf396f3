import type { CanvasEdge, CanvasEdgeKind } from './edge-data';
import { arrowMarkerId, type EdgeTone } from './edges/edge-markers';

/**
 * How each kind of edge looks. Colours are CSS variables (canvas.css), so the light and dark
 * themes recolour edges and their arrowheads without rebuilding them.
 */
export function edgeAppearance(kind: CanvasEdgeKind, backward: boolean, problem = false): Pick<CanvasEdge, 'type' | 'className' | 'markerEnd' | 'zIndex'> {
  const tone: EdgeTone = backward ? 'loop' : kind === 'sub_agent' ? 'route' : kind === 'return' ? 'return' : kind === 'true' || kind === 'yes' ? 'yes' : kind === 'false' || kind === 'no' ? 'no' : 'flow';
  return {
    // Returns are curves (edges/return-edge.tsx) so they read apart from the square route edge they pair with.
    // Loops take a lane around the nodes they jump over (edges/loop-edge.tsx), the rest turn
    // where they cross no node (edges/flow-edge.tsx).
    type: kind === 'return' ? 'return' : backward ? 'loop' : 'flow',
    className: `pv-edge pv-edge--${kind} pv-edge-tone--${tone}${backward ? ' pv-edge--loop' : ''}${problem ? ' has-problem' : ''}`,
    // By id: the arrowheads are defined once (edges/edge-markers.tsx).
    markerEnd: arrowMarkerId(tone),
    // Delegation edges stay under the flow edges where they cross.
    zIndex: kind === 'sub_agent' || kind === 'return' ? 0 : 1,
  };
}
