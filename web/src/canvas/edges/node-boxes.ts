import type { Node } from '@xyflow/react';

/** A node's box in flow coordinates. */
export type Box = { left: number; top: number; right: number; bottom: number };

/** Side of the square cells the node boxes are filed under (flow px): about a few nodes wide. */
const CELL = 512;

function boxOf(node: Node): Box {
  const width = node.measured?.width ?? node.width ?? 0;
  const height = node.measured?.height ?? node.height ?? 0;
  return { left: node.position.x, top: node.position.y, right: node.position.x + width, bottom: node.position.y + height };
}

/** The canvas' node boxes, in the nodes' order, and filed by grid cell. */
export type NodeBoxes = { boxes: Box[]; ids: string[]; cells: Map<string, number[]> };

const built = new WeakMap<readonly Node[], NodeBoxes>();

/**
 * The boxes of `nodes`, built once per nodes array (React Flow makes a new one on every change):
 * every edge of the canvas reads the same. A fitted 1,000-step plan draws ~1,750 edges, each of
 * which would otherwise box all ~1,750 nodes again.
 */
export function nodeBoxes(nodes: readonly Node[]): NodeBoxes {
  let found = built.get(nodes);
  if (found) return found;
  found = { boxes: [], ids: [], cells: new Map() };
  for (const node of nodes) {
    const box = boxOf(node);
    const index = found.boxes.push(box) - 1;
    found.ids.push(node.id);
    for (let cx = Math.floor(box.left / CELL); cx <= Math.floor(box.right / CELL); cx++) {
      for (let cy = Math.floor(box.top / CELL); cy <= Math.floor(box.bottom / CELL); cy++) {
        const key = `${cx},${cy}`;
        const cell = found.cells.get(key);
        if (cell) cell.push(index);
        else found.cells.set(key, [index]);
      }
    }
  }
  built.set(nodes, found);
  return found;
}

/** The boxes that overlap `area`, but for the nodes with the ids in `except`. */
export function boxesWithin(index: NodeBoxes, area: Box, except: ReadonlySet<string>): Box[] {
  const seen = new Set<number>();
  const out: Box[] = [];
  for (let cx = Math.floor(area.left / CELL); cx <= Math.floor(area.right / CELL); cx++) {
    for (let cy = Math.floor(area.top / CELL); cy <= Math.floor(area.bottom / CELL); cy++) {
      for (const i of index.cells.get(`${cx},${cy}`) ?? []) {
        if (seen.has(i)) continue;
        seen.add(i);
        const b = index.boxes[i]!;
        if (!except.has(index.ids[i]!) && b.left < area.right && b.right > area.left && b.top < area.bottom && b.bottom > area.top) out.push(b);
      }
    }
  }
  return out;
}
