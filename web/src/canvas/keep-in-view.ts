import type { Viewport } from '@xyflow/react';

/** A node's box in flow coordinates (its position and drawn size). */
export type FlowBox = { x: number; y: number; width: number; height: number };
/** The canvas pane on screen, in px: the part of the window the canvas has (panels beside it are not in it). */
export type Pane = { width: number; height: number };
export type Insets = { top: number; right: number; bottom: number; left: number };

/**
 * Room kept around a node brought into view, in screen px: the palette of step kinds floats over
 * the left of the canvas (fit-view.ts keeps 96 px there too), the rest keeps the node's handles
 * and ports clear of the pane's edge.
 */
export const REVEAL_MARGIN: Insets = { top: 32, right: 32, bottom: 32, left: 96 };

/**
 * How far to move along one axis so [start, start + size) lies inside [0, length): nothing when it
 * does already (a node wholly on screen never moves the view); otherwise it comes in with the
 * margins kept, by the least movement; one larger than the room there is shows its start (the
 * header with the title), never zoomed.
 */
function axisShift(start: number, size: number, length: number, before: number, after: number): number {
  if (start >= 0 && start + size <= length) return 0;
  const room = length - before - after;
  if (size > room || start < 0) return before - start;
  return length - after - (start + size);
}

/**
 * The viewport that brings `box` wholly into the pane at the current zoom, or null when it is
 * inside already. Only a pan: a selected node that a panel now covers must come back into view
 * without the zoom the user chose changing under them.
 */
export function revealViewport(box: FlowBox, pane: Pane, viewport: Viewport, margin: Insets = REVEAL_MARGIN): Viewport | null {
  if (pane.width <= 0 || pane.height <= 0) return null;
  const { zoom } = viewport;
  const left = box.x * zoom + viewport.x;
  const top = box.y * zoom + viewport.y;
  const dx = axisShift(left, box.width * zoom, pane.width, margin.left, margin.right);
  const dy = axisShift(top, box.height * zoom, pane.height, margin.top, margin.bottom);
  if (dx === 0 && dy === 0) return null;
  return { x: viewport.x + dx, y: viewport.y + dy, zoom };
}
