import type { CanvasEdge, CanvasEdgeKind } from './edge-data';

/** The tones edges come in; each has its arrowhead (canvas/edges/edge-markers.tsx), coloured by the theme's CSS variable. */
export const EDGE_TONES = ['flow', 'route', 'return', 'yes', 'no', 'loop'] as const;
export type EdgeTone = (typeof EDGE_TONES)[number];

/** The id of a tone's arrowhead, given to edges as their `markerEnd`. */
export const arrowMarkerId = (tone: EdgeTone) => `pv-arrow-${tone}`;

/**
 * How each kind of edge looks. Colours are CSS variables (canvas.css), so the light and dark
 * themes recolour edges and their arrowheads without rebuilding them.
 */
export function edgeAppearance(kind: CanvasEdgeKind, backward: boolean, problem = false): Pick<CanvasEdge, 'type' | 'className' | 'markerEnd' | 'zIndex'> {
  const tone: EdgeTone = backward
    ? 'loop'
    : kind === 'sub_agent'
      ? 'route'
      : kind === 'return'
        ? 'return'
        : kind === 'true' || kind === 'yes'
          ? 'yes'
          : kind === 'false' || kind === 'no'
            ? 'no'
            : 'flow';
  return {
    // Returns are curves (canvas/edges/return-edge.tsx) so they read apart from the square route edge they pair with.
    // Loops take a lane around the nodes they jump over (canvas/edges/loop-edge.tsx), the rest turn
    // where they cross no node (canvas/edges/flow-edge.tsx).
    type: kind === 'return' ? 'return' : backward ? 'loop' : 'flow',
    className: `pv-edge pv-edge--${kind} pv-edge-tone--${tone}${backward ? ' pv-edge--loop' : ''}${problem ? ' has-problem' : ''}`,
    // By id: the arrowheads are defined once (canvas/edges/edge-markers.tsx).
    markerEnd: arrowMarkerId(tone),
    // Delegation edges stay under the flow edges where they cross.
    zIndex: kind === 'sub_agent' || kind === 'return' ? 0 : 1,
  };
}
