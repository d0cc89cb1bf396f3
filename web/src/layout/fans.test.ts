import { describe, expect, it } from 'vitest';
import { FAN_CLEARANCE, foldFans, LAYOUT_GAP } from './fans';
import type { LayoutEdge, LayoutNode } from './layout-types';

// A todo_task-like parent (routes a, b and next on its output side) with two sub-agents, in LR.
const parent: LayoutNode = {
  id: 'p',
  width: 280,
  height: 200,
  ports: [
    { id: 'in', side: 'WEST', x: 0, y: 100 },
    { id: 'a', side: 'EAST', x: 280, y: 120 },
    { id: 'b', side: 'EAST', x: 280, y: 146 },
    { id: 'next', side: 'EAST', x: 280, y: 172 },
  ],
};
const sub = (id: string): LayoutNode => ({ id, width: 240, height: 100, ports: [{ id: 'top', side: 'WEST', x: 0, y: 50 }] });
const next: LayoutNode = { id: 'n', width: 280, height: 120, ports: [{ id: 'in', side: 'WEST', x: 0, y: 60 }] };
const edges: LayoutEdge[] = [
  { id: 'pa', source: 'p', sourceHandle: 'a', target: 'sa', targetHandle: 'top', fan: true },
  { id: 'pb', source: 'p', sourceHandle: 'b', target: 'sb', targetHandle: 'top', fan: true },
  { id: 'pn', source: 'p', sourceHandle: 'next', target: 'n', targetHandle: 'in' },
];

describe('foldFans', () => {
  it('gives ELK the parent as one box with room for its fan, without the fan', () => {
    const folded = foldFans([parent, sub('sa'), sub('sb'), next], edges, 'LR');
    expect(folded.nodes.map((n) => n.id)).toEqual(['p', 'n']);
    expect(folded.edges.map((e) => e.id)).toEqual(['pn']);
    const box = folded.nodes[0]!;
    const spread = 2 * 100 + LAYOUT_GAP.LR.across;
    // The fan ends FAN_CLEARANCE before the next output, so it starts above the parent.
    const rise = spread - (172 - FAN_CLEARANCE);
    expect(box.width).toBe(280 + LAYOUT_GAP.LR.along + 240);
    expect(box.height).toBe(rise + 200);
    // Outputs stay on the box's output side, shifted with the parent; the routes' ports are gone.
    expect(box.ports).toEqual([
      { id: 'in', side: 'WEST', x: 0, y: 100 + rise },
      { id: 'next', side: 'EAST', x: box.width, y: 172 + rise },
    ]);
  });

  it('unfolds the fan right of the parent in LR, in route order, clear of the next output', () => {
    const folded = foldFans([parent, sub('sa'), sub('sb'), next], edges, 'LR');
    const at = folded.unfold({ p: { x: 1000, y: 500 }, n: { x: 2000, y: 600 } });
    const rise = 2 * 100 + LAYOUT_GAP.LR.across - (172 - FAN_CLEARANCE);
    expect(at.p).toEqual({ x: 1000, y: 500 + rise });
    expect(at.sa).toEqual({ x: 1000 + 280 + LAYOUT_GAP.LR.along, y: 500 });
    expect(at.sb).toEqual({ x: at.sa!.x, y: 500 + 100 + LAYOUT_GAP.LR.across });
    expect(at.sb!.y + 100).toBe(at.p!.y + 172 - FAN_CLEARANCE);
    expect(at.n).toEqual({ x: 2000, y: 600 });
  });

  it('unfolds below the parent in TB, left to right', () => {
    const tbParent: LayoutNode = {
      ...parent,
      width: 400,
      height: 150,
      ports: [
        { id: 'in', side: 'NORTH', x: 200, y: 0 },
        { id: 'a', side: 'SOUTH', x: 60, y: 150 },
        { id: 'b', side: 'SOUTH', x: 180, y: 150 },
        { id: 'next', side: 'SOUTH', x: 340, y: 150 },
      ],
    };
    const folded = foldFans([tbParent, sub('sa'), sub('sb'), next], edges, 'TB');
    const at = folded.unfold({ p: { x: 0, y: 0 }, n: { x: 0, y: 900 } });
    expect(at.sa!.y).toBe(at.p!.y + 150 + LAYOUT_GAP.TB.along);
    expect(at.sb!.x).toBe(at.sa!.x + 240 + LAYOUT_GAP.TB.across);
    expect(at.sb!.x + 240).toBeLessThanOrEqual(at.p!.x + 340 - FAN_CLEARANCE);
  });

  it('leaves to ELK a sub-agent with another edge, and a graph without fans as it is', () => {
    const extra: LayoutEdge = { id: 'x', source: 'sb', sourceHandle: 'out', target: 'n', targetHandle: 'in' };
    const folded = foldFans([parent, sub('sa'), sub('sb'), next], [...edges, extra], 'LR');
    expect(folded.nodes.map((n) => n.id)).toEqual(['p', 'sb', 'n']);
    expect(folded.edges.map((e) => e.id)).toEqual(['pb', 'pn', 'x']);
    const plain = foldFans([parent, next], [edges[2]!], 'LR');
    expect(plain.nodes).toEqual([parent, next]);
    expect(plain.unfold({ p: { x: 1, y: 2 } })).toEqual({ p: { x: 1, y: 2 } });
  });
});
