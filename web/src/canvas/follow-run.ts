import type { Viewport } from '@xyflow/react';
import type { CanvasNode } from '../flow/node-data';
import { ACTIVE_STATUSES } from '../flow/node-status';
import { FIT_VIEW_OPTIONS } from './fit-view';
import { FOLLOW_MAX_ZOOM, FOLLOW_MIN_ZOOM } from './zoom-levels';

type Box = { x: number; y: number; width: number; height: number };
type Screen = { width: number; height: number };

/** Statuses of a step the run is at: working, or waiting for a person's answer. */
const FOLLOWED: ReadonlySet<string> = new Set([...ACTIVE_STATUSES, 'waiting']);

/** Room kept free around the followed steps, in screen pixels: the palette floats on the left. */
const MARGIN = { top: 40, right: 40, bottom: 40, left: parseFloat(FIT_VIEW_OPTIONS.padding.left) };

/**
 * The nodes the run is at: the step running or waiting, and the sub-agent it delegates to right
 * now (both working at once), so following a todo_task shows the route in use beside it.
 */
export function followedNodes(nodes: readonly CanvasNode[]): CanvasNode[] {
  return nodes.filter((n) => {
    const status = (n.data as { status?: string }).status;
    return status !== undefined && FOLLOWED.has(status);
  });
}

export function boxOf(node: Pick<CanvasNode, 'position' | 'width' | 'height'>): Box {
  return { x: node.position.x, y: node.position.y, width: node.width ?? 0, height: node.height ?? 0 };
}

function union(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/** Whether `box` lies inside the free part of the screen at `viewport`. */
function inView(box: Box, viewport: Viewport, screen: Screen): boolean {
  const left = box.x * viewport.zoom + viewport.x;
  const top = box.y * viewport.zoom + viewport.y;
  return (
    left >= MARGIN.left &&
    top >= MARGIN.top &&
    left + box.width * viewport.zoom <= screen.width - MARGIN.right &&
    top + box.height * viewport.zoom <= screen.height - MARGIN.bottom
  );
}

/**
 * Where to move the viewport so the followed steps are in view at a zoom where they read: the
 * current zoom kept within FOLLOW_MIN_ZOOM..FOLLOW_MAX_ZOOM, lowered (not below the minimum) to fit
 * them all; centred on the last of them alone (the sub-agent at work) when they do not fit.
 * Null when they are in view at such a zoom already: the view does not move for nothing.
 */
export function followViewport(targets: readonly Box[], screen: Screen, current: Viewport): Viewport | null {
  if (targets.length === 0 || screen.width <= 0 || screen.height <= 0) return null;
  const free = { width: screen.width - MARGIN.left - MARGIN.right, height: screen.height - MARGIN.top - MARGIN.bottom };
  const wanted = Math.min(Math.max(current.zoom, FOLLOW_MIN_ZOOM), FOLLOW_MAX_ZOOM);
  let box = union(targets);
  const fits = Math.min(free.width / Math.max(box.width, 1), free.height / Math.max(box.height, 1));
  if (fits < FOLLOW_MIN_ZOOM) box = targets[targets.length - 1]!;
  const zoom = Math.max(Math.min(wanted, fits), FOLLOW_MIN_ZOOM);
  if (Math.abs(zoom - current.zoom) < 0.01 && inView(box, current, screen)) return null;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return {
    zoom,
    x: MARGIN.left + free.width / 2 - centre.x * zoom,
    y: MARGIN.top + free.height / 2 - centre.y * zoom,
  };
}
