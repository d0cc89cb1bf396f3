import { Position, type NodeHandle } from '@xyflow/react';
import type { LayoutDirection } from '@planvas/shared';

/**
 * Handle geometry shared by the node components (which draw the handles) and the layout (which
 * turns them into ELK ports), so both agree on where every edge leaves a node.
 */
export type HandleSpec = {
  id: string;
  type: 'source' | 'target';
  position: Position;
  /** Distance in px from the start of its side: from the top on Left/Right, from the left on Top/Bottom. */
  offset: number;
  label?: string;
};

export type Size = { width: number; height: number };

/** Inputs on the Left in LR, on the Top in TB (docs/formats.md "Canvas conventions"). */
export function inputSide(direction: LayoutDirection): Position {
  return direction === 'LR' ? Position.Left : Position.Top;
}

/** Outputs (next step, routes, branches) on the Right in LR, on the Bottom in TB. */
export function outputSide(direction: LayoutDirection): Position {
  return direction === 'LR' ? Position.Right : Position.Bottom;
}

export function isVerticalSide(position: Position): boolean {
  return position === Position.Left || position === Position.Right;
}

/** Height of one labelled output row in LR. */
export const RAIL_ROW = 26;
/** Padding above and below the rows of the rail in LR. */
export const RAIL_PAD = 6;
/** Height of the strip of labelled outputs along the bottom in TB: room for a label of two lines above the handles. */
export const RAIL_STRIP = 34;
/** Narrowest slot per output in TB, so labels stay readable. */
export const RAIL_SLOT = 124;

export type RailOutput = { id: string; label: string };

/**
 * Size of a node whose content (of `base` size) is followed by a rail of labelled outputs: rows
 * under the content in LR, equal slots along the bottom in TB (the node widens to fit them).
 */
export function sizeWithRail(base: Size, outputs: number, direction: LayoutDirection): Size {
  if (outputs === 0) return base;
  if (direction === 'LR') return { width: base.width, height: base.height + outputs * RAIL_ROW + 2 * RAIL_PAD };
  return { width: Math.max(base.width, outputs * RAIL_SLOT), height: base.height + RAIL_STRIP };
}

/** Source handles of a rail, one per output, at the centre of its row (LR) or slot (TB). */
export function railHandles(outputs: RailOutput[], contentHeight: number, size: Size, direction: LayoutDirection): HandleSpec[] {
  const position = outputSide(direction);
  const slot = size.width / Math.max(outputs.length, 1);
  return outputs.map((output, i) => ({
    id: output.id,
    type: 'source',
    position,
    offset: direction === 'LR' ? contentHeight + RAIL_PAD + RAIL_ROW * (i + 0.5) : slot * (i + 0.5),
    label: output.label,
  }));
}

/** The single input handle, centred on the input side. */
export function inputHandle(size: Size, direction: LayoutDirection, id = 'in'): HandleSpec {
  const position = inputSide(direction);
  return { id, type: 'target', position, offset: (isVerticalSide(position) ? size.height : size.width) / 2 };
}

/** A single unlabelled output, centred on the output side. */
export function centredOutput(size: Size, direction: LayoutDirection, id = 'next'): HandleSpec {
  const position = outputSide(direction);
  return { id, type: 'source', position, offset: (isVerticalSide(position) ? size.height : size.width) / 2 };
}

/** Where the rail of labelled outputs starts (px from the top); the node's height when it has none. */
export function railTop(handles: readonly HandleSpec[], size: Size): number {
  const labelled = handles.filter((h) => h.type === 'source' && h.label !== undefined);
  if (labelled.length === 0) return size.height;
  if (isVerticalSide(labelled[0]!.position)) return Math.min(...labelled.map((h) => h.offset)) - RAIL_ROW / 2 - RAIL_PAD;
  return size.height - RAIL_STRIP;
}

/** Drawn sizes of handles (nodes.css): the return handle is smaller, and so are start/end's. */
export const HANDLE_SIZE = 11;
export const RETURN_HANDLE_SIZE = 8;
export const TERMINAL_HANDLE_SIZE = 9;

/**
 * Handles in React Flow's own form (box relative to the node's top-left, centred on the side),
 * given to React Flow with each node: it then draws edges at once instead of waiting to measure
 * every handle in the DOM, which for a 1,000-step plan costs seconds of layout on the main thread.
 * React Flow still measures the handles once the nodes are on screen and uses those.
 */
export function flowHandles(specs: readonly HandleSpec[], size: Size, terminal = false): NodeHandle[] {
  return specs.map((h) => {
    const s = terminal ? TERMINAL_HANDLE_SIZE : h.id === 'return' ? RETURN_HANDLE_SIZE : HANDLE_SIZE;
    const along = h.offset - s / 2;
    const x = h.position === Position.Left ? -s / 2 : h.position === Position.Right ? size.width - s / 2 : along;
    const y = h.position === Position.Top ? -s / 2 : h.position === Position.Bottom ? size.height - s / 2 : along;
    return { id: h.id, type: h.type, position: h.position, x, y, width: s, height: s };
  });
}
