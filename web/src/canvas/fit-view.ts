import { getViewportForBounds, type FitViewOptions, type Viewport } from '@xyflow/react';

/**
 * How every "fit view" of the canvas frames the plan (on open, the toolbar button, the controls):
 * - the left padding keeps nodes clear of the floating palette of step kinds, the others keep the
 *   handles on the plan's outer edges far enough in to grab;
 * - `includeHiddenNodes` makes React Flow fit every node by its declared size. Without it, it
 *   fits only the nodes it has measured, and a big plan (whose nodes carry their sizes, so only
 *   those in view are rendered) would be "fitted" to the few nodes on screen.
 */
export const FIT_VIEW_OPTIONS = {
  padding: { top: '48px', right: '48px', bottom: '48px', left: '96px' },
  maxZoom: 1,
  includeHiddenNodes: true,
} satisfies FitViewOptions;

/** Below this zoom a fitted plan is a smear of boxes: open it on its start instead. */
export const MIN_USEFUL_FIT_ZOOM = 0.15;
/** The zoom a plan too big to fit opens at: titles readable, a few steps in view. */
export const START_ZOOM = 0.55;

type Box = { position: { x: number; y: number }; width?: number | undefined; height?: number | undefined };

/** The canvas' zoom limits (workflow-canvas.tsx). */
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 2;

/**
 * The viewport a freshly laid out plan opens in: fitted to the screen when that leaves it
 * legible, else (a plan of hundreds of steps, 100,000+ px long) at a readable zoom on its first
 * node, the start marker, placed where the flow begins (left edge in LR, top in TB): like opening
 * a long document at its first page rather than shrinking every page onto one screen.
 * Computed from the laid-out positions and declared sizes, so it is known at once; React Flow's
 * own fitView waits until it has measured the nodes, and fits only the ones it has drawn.
 */
export function openingViewport(
  nodes: readonly Box[],
  first: Box | undefined,
  screen: { width: number; height: number },
  direction: 'LR' | 'TB',
): Viewport | null {
  const fitted = fittedViewport(nodes, screen);
  if (!fitted || fitted.zoom >= MIN_USEFUL_FIT_ZOOM || !first) return fitted;
  const pad = FIT_VIEW_OPTIONS.padding;
  const zoom = START_ZOOM;
  const centre = { x: first.position.x + (first.width ?? 0) / 2, y: first.position.y + (first.height ?? 0) / 2 };
  return direction === 'LR'
    ? { zoom, x: parseFloat(pad.left) - first.position.x * zoom, y: screen.height / 2 - centre.y * zoom }
    : { zoom, x: screen.width / 2 - centre.x * zoom, y: parseFloat(pad.top) - first.position.y * zoom };
}

/**
 * The whole plan fitted to the screen with FIT_VIEW_OPTIONS ("fit view"), from the laid-out
 * positions and declared sizes of every node: React Flow's own fitView knows only the nodes it
 * has been given, which for a big plan is the window around the view (flow-window.ts).
 */
export function fittedViewport(nodes: readonly Box[], screen: { width: number; height: number }): Viewport | null {
  if (nodes.length === 0 || screen.width <= 0 || screen.height <= 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.position.x);
    minY = Math.min(minY, n.position.y);
    maxX = Math.max(maxX, n.position.x + (n.width ?? 0));
    maxY = Math.max(maxY, n.position.y + (n.height ?? 0));
  }
  const bounds = { x: minX, y: minY, width: Math.max(1, maxX - minX), height: Math.max(1, maxY - minY) };
  return getViewportForBounds(bounds, screen.width, screen.height, MIN_ZOOM, FIT_VIEW_OPTIONS.maxZoom, FIT_VIEW_OPTIONS.padding);
}
