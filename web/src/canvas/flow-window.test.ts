import { describe, expect, it } from 'vitest';
import type { Edge, Node } from '@xyflow/react';
import { nodesInWindow, windowKey, windowRect } from './flow-window';

const node = (id: string, x: number, y = 0, selected = false): Node => ({ id, position: { x, y }, data: {}, width: 100, height: 50, selected });
const edge = (source: string, target: string): Edge => ({ id: `${source}->${target}`, source, target });

describe('windowKey / windowRect', () => {
  it('keeps the view inside the window, with a cell of margin behind it', () => {
    for (const [tx, ty, zoom] of [
      [0, 0, 1],
      [-12_345, 678, 0.55],
      [4_000, -9_000, 0.2],
      [-250_000, -3_000, 1.7],
    ] as const) {
      const view = { x: -tx / zoom, y: -ty / zoom, width: 1200 / zoom, height: 800 / zoom };
      const r = windowRect(windowKey([tx, ty, zoom], 1200, 800));
      expect(r.x).toBeLessThanOrEqual(view.x);
      expect(r.y).toBeLessThanOrEqual(view.y);
      expect(r.x + r.width).toBeGreaterThanOrEqual(view.x + view.width);
      expect(r.y + r.height).toBeGreaterThanOrEqual(view.y + view.height);
    }
  });

  it('does not change while the view moves within its cell, and does when it leaves it', () => {
    const key = windowKey([-100, -100, 1], 1200, 800);
    expect(windowKey([-900, -700, 1], 1200, 800)).toBe(key);
    expect(windowKey([-1300, -100, 1], 1200, 800)).not.toBe(key);
    expect(windowKey([-100, -100, 0.5], 1200, 800)).not.toBe(key);
  });
});

describe('nodesInWindow', () => {
  const nodes = [node('a', 0), node('b', 300), node('c', 5_000), node('d', 9_000), node('e', 20_000, 0, true)];
  const edges = [edge('a', 'b'), edge('b', 'c'), edge('c', 'd'), edge('d', 'a')];

  it('gives the nodes in the window, their neighbours (so edges out of the window are drawn), the selected ones, and the edges among them', () => {
    const shown = nodesInWindow(nodes, edges, { x: -50, y: -50, width: 1000, height: 500 });
    expect(shown.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(shown.edges.map((e) => e.id)).toEqual(['a->b', 'b->c', 'c->d', 'd->a']);
    const far = nodesInWindow(nodes, edges, { x: 4_900, y: -50, width: 500, height: 500 });
    expect(far.nodes.map((n) => n.id)).toEqual(['b', 'c', 'd', 'e']);
    expect(far.edges.map((e) => e.id)).toEqual(['b->c', 'c->d']);
  });

  it('counts a node that only overlaps the window edge as inside', () => {
    expect(nodesInWindow([node('a', 950)], [], { x: 0, y: 0, width: 1000, height: 500 }).nodes).toHaveLength(1);
    expect(nodesInWindow([node('a', 1000)], [], { x: 0, y: 0, width: 1000, height: 500 }).nodes).toHaveLength(0);
  });
});
