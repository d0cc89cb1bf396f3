import type { Locator, Page } from '@playwright/test';
import { expect } from './planvas-server';
import { nodeOf, type Direction } from './canvas-page';

/**
 * Assertions on where the canvas draws things, read from the page: which nodes are shown and
 * visible, where sub-agents sit against their parent, which side and order a node's handles take
 * (React Flow's handle classes), and that no edge runs behind a node.
 */
export type Box = { x: number; y: number; width: number; height: number };

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box (not rendered)`);
  return box;
}

/** Every node is rendered with a size and lies in the window (the view was fitted to the graph). */
export async function expectNodesVisible(page: Page, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const node = nodeOf(page, id);
    await expect(node, `node ${id}`).toBeVisible();
    await expect(node, `node ${id}`).toBeInViewport();
  }
}

/**
 * Nothing is drawn over the middle of these nodes (a panel, the minimap): a node in the viewport
 * but under an overlay is not what a user calls visible.
 */
export async function expectUncovered(page: Page, ids: readonly string[]): Promise<void> {
  const covered = await page.evaluate((nodeIds) => {
    return nodeIds.filter((id) => {
      const node = document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      if (!node) return true;
      const box = node.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit?.closest('.react-flow__node') !== node;
    });
  }, ids);
  expect(covered, 'nodes covered by something else').toEqual([]);
}

/** The canvas shows exactly these step and sub-agent nodes, plus the start and end markers. */
export async function expectExactNodes(page: Page, ids: readonly string[]): Promise<void> {
  const shown = await page.locator('.react-flow__node[data-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
  expect(shown.filter((id) => id !== '__start__' && id !== '__end__').sort()).toEqual([...ids].sort());
}

/** LR: the sub-agent starts right of its parent's right edge. TB: below its parent's bottom edge. */
export async function expectBeyond(page: Page, parentId: string, childId: string, direction: Direction): Promise<void> {
  const parent = await boxOf(nodeOf(page, parentId));
  const child = await boxOf(nodeOf(page, childId));
  if (direction === 'LR') expect(child.x, `${childId} right of ${parentId}`).toBeGreaterThanOrEqual(parent.x + parent.width);
  else expect(child.y, `${childId} below ${parentId}`).toBeGreaterThanOrEqual(parent.y + parent.height);
}

export const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * The node's source handles with these ids sit on its output edge (right in LR, bottom in TB),
 * within the length of that edge, in the given order (top to bottom / left to right), and none
 * of them is still drawn on another side.
 */
export async function expectOutputsOnEdge(page: Page, nodeId: string, handleIds: readonly string[], direction: Direction): Promise<void> {
  const node = nodeOf(page, nodeId);
  const nodeBox = await boxOf(node);
  const side = direction === 'LR' ? 'right' : 'bottom';
  const along: number[] = [];
  for (const id of handleIds) {
    const handles = node.locator(`.react-flow__handle[data-handleid="${id}"]`);
    await expect(handles, `${nodeId} has one handle "${id}"`).toHaveCount(1);
    const handle = node.locator(`.react-flow__handle-${side}.source[data-handleid="${id}"]`);
    await expect(handle, `${nodeId}'s handle "${id}" is a source on the ${side}`).toHaveCount(1);
    const box = await boxOf(handle);
    const c = centre(box);
    // A handle is drawn centred on the border it sits on.
    const slack = Math.max(box.width, box.height) / 2 + 1;
    if (direction === 'LR') {
      expect(Math.abs(c.x - (nodeBox.x + nodeBox.width)), `${nodeId}/${id} on the right edge`).toBeLessThanOrEqual(slack);
      expect(c.y).toBeGreaterThan(nodeBox.y);
      expect(c.y).toBeLessThan(nodeBox.y + nodeBox.height);
      along.push(c.y);
    } else {
      expect(Math.abs(c.y - (nodeBox.y + nodeBox.height)), `${nodeId}/${id} on the bottom edge`).toBeLessThanOrEqual(slack);
      expect(c.x).toBeGreaterThan(nodeBox.x);
      expect(c.x).toBeLessThan(nodeBox.x + nodeBox.width);
      along.push(c.x);
    }
  }
  expect(along, `${nodeId}'s outputs in route order`).toEqual([...along].sort((a, b) => a - b));
}

/** A sub-agent's one input (`top`) is on its input side: left in LR, top in TB. */
export async function expectSubAgentInput(page: Page, id: string, direction: Direction): Promise<void> {
  const side = direction === 'LR' ? 'left' : 'top';
  await expect(nodeOf(page, id).locator(`.react-flow__handle-${side}.target[data-handleid="top"]`), `${id}'s input on the ${side}`).toHaveCount(1);
}

/** Sub-agents stack in route order: top to bottom in LR, left to right in TB. */
export async function expectStackedInOrder(page: Page, ids: readonly string[], direction: Direction): Promise<void> {
  const boxes = await Promise.all(ids.map((id) => boxOf(nodeOf(page, id))));
  const along = boxes.map((b) => (direction === 'LR' ? b.y : b.x));
  expect(along, `${ids.join(', ')} in route order`).toEqual([...along].sort((a, b) => a - b));
}

/**
 * No edge of the flow runs behind a node other than its own two ends (the nodes holding its first
 * and last points): each drawn path is sampled every 4 px on screen. A "next" edge turning behind
 * a todo_task's sub-agents reads as leaving from the last of them.
 */
export async function expectEdgesClearOfNodes(page: Page): Promise<void> {
  const crossings = await page.evaluate(() => {
    const nodes = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node[data-id]')).map((n) => ({
      id: n.dataset['id'] ?? '',
      box: n.getBoundingClientRect(),
    }));
    const inside = (b: DOMRect, p: DOMPoint, margin: number) =>
      p.x > b.left + margin && p.x < b.right - margin && p.y > b.top + margin && p.y < b.bottom - margin;
    const found: string[] = [];
    const edges = Array.from(document.querySelectorAll<SVGGElement>('.react-flow__edge-flow'));
    for (const edge of edges) {
      const path = edge.querySelector<SVGPathElement>('path.react-flow__edge-path');
      const toScreen = path?.getScreenCTM();
      if (!path || !toScreen) continue;
      const length = path.getTotalLength();
      const points: DOMPoint[] = [];
      for (let at = 0; at <= length; at += 4) points.push(path.getPointAtLength(at).matrixTransform(toScreen));
      points.push(path.getPointAtLength(length).matrixTransform(toScreen));
      const ends = new Set(nodes.filter((n) => inside(n.box, points[0]!, -6) || inside(n.box, points[points.length - 1]!, -6)).map((n) => n.id));
      for (const n of nodes) if (!ends.has(n.id) && points.some((p) => inside(n.box, p, 2))) found.push(`${edge.dataset['testid'] ?? '?'} behind ${n.id}`);
    }
    return { found, checked: edges.length };
  });
  expect(crossings.checked, 'flow edges drawn').toBeGreaterThan(0);
  expect(crossings.found, 'edges running behind nodes').toEqual([]);
}
