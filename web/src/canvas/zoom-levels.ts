import { useStore, type ReactFlowState } from '@xyflow/react';

/**
 * Below this zoom nodes draw compact (parts/compact-node.tsx): a block coloured by its run status
 * with the status icon and the title sized to stay readable. A full node's 13 px text is under 6
 * px on screen there, and its chips and rails are noise.
 */
export const COMPACT_ZOOM = 0.45;

/** Following a run zooms in to at least this, where a node's full content reads. */
export const FOLLOW_MIN_ZOOM = 0.6;
/** ... and no further than this: a plan is not followed at a magnifying glass' zoom. */
export const FOLLOW_MAX_ZOOM = 1;

const isCompact = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM;

/**
 * Whether nodes draw compact at the viewport's zoom. A boolean selector: a node re-renders when
 * the zoom crosses COMPACT_ZOOM, not on every zoom step.
 */
export function useCompactNodes(): boolean {
  return useStore(isCompact);
}
