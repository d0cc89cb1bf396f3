import { memo } from 'react';
import { arrowMarkerId, EDGE_TONES } from '../../flow/edge-style';
import { TAKEN_MARKER_ID } from './taken-edges';

/** Each tone's arrowhead, and the one of edges the followed run took (taken-edges.ts), in their colours. */
const MARKERS = [
  ...EDGE_TONES.map((tone) => ({ id: arrowMarkerId(tone), colour: `var(--pv-edge-${tone})` })),
  { id: TAKEN_MARKER_ID, colour: 'var(--pv-edge-taken)' },
];

/**
 * The arrowheads of every edge, defined once. Edges name them by id (a string `markerEnd`) rather
 * than describing them as objects, which React Flow would turn into marker ids edge by edge on
 * every change of the edge list: measured 300+ ms per change on a 1,000-step plan's 1,761 edges.
 * Same shape as React Flow's ArrowClosed marker.
 */
export const EdgeMarkers = memo(function EdgeMarkers() {
  return (
    <svg className="pv-edge-markers" aria-hidden width="0" height="0" style={{ position: 'absolute', width: 0, height: 0 }}>
      <defs>
        {MARKERS.map(({ id, colour }) => (
          <marker
            key={id}
            id={id}
            viewBox="-10 -10 20 20"
            markerWidth="16"
            markerHeight="16"
            markerUnits="strokeWidth"
            orient="auto-start-reverse"
            refX="0"
            refY="0"
          >
            <polyline points="-5,-4 0,0 -5,4 -5,-4" strokeLinecap="round" strokeLinejoin="round" style={{ stroke: colour, fill: colour, strokeWidth: 1 }} />
          </marker>
        ))}
      </defs>
    </svg>
  );
});
