import type { CanvasEdge } from '../../flow/edge-data';
import { edgeTaken, type RunTrail } from '../run-trail';

/** The arrowhead of an edge the run took (edge-markers.tsx draws it in the taken colour). */
export const TAKEN_MARKER_ID = 'pv-arrow-taken';

/**
 * The edges as the followed run lights them: the ones it went along `is-taken` (with the taken
 * arrowhead), the others `is-untaken` (dimmed), so the path the run took reads at any zoom. The
 * very same array back while there is no run, or the run has not moved yet.
 */
export function withTakenEdges(edges: CanvasEdge[], trail: RunTrail | null): CanvasEdge[] {
  if (!trail || (trail.moves.size === 0 && trail.delegations.size === 0)) return edges;
  return edges.map((edge) => {
    const taken = edgeTaken(edge, trail);
    return {
      ...edge,
      className: `${edge.className ?? ''} ${taken ? 'is-taken' : 'is-untaken'}`.trim(),
      ...(taken ? { markerEnd: TAKEN_MARKER_ID } : {}),
    };
  });
}
