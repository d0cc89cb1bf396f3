import { describe, expect, it } from 'vitest';
import { foldChains } from './chains';
import { LAYOUT_GAP } from './fans';
import type { LayoutEdge, LayoutNode } from './layout-types';

/** A step in LR: input on the left at `inY`, the given outputs on the right. */
const step = (id: string, outs: Array<[string, number]> = [['next', 35]], inY = 35, height = 70): LayoutNode => ({
  id,
  width: 200,
  height,
  ports: [{ id: 'in', side: 'WEST', x: 0, y: inY }, ...outs.map(([port, y]) => ({ id: port, side: 'EAST' as const, x: 200, y }))],
});
const link = (source: string, target: string, sourceHandle = 'next'): LayoutEdge => ({
  id: `${source}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: 'in',
});
const gap = LAYOUT_GAP.LR.along;

describe('foldChains', () => {
  it('gives ELK a run of steps as one box with the first one’s input and the last one’s outputs, and unfolds it in a straight line', () => {
    // b is a todo_task-like step: taller, its next output low.
    const nodes = [
      step('a'),
      step('b', [['next', 150]], 60, 180),
      step('c', [
        ['next', 35],
        ['alt', 50],
      ]),
    ];
    const edges = [link('a', 'b'), link('b', 'c'), link('c', 'x'), link('c', 'y', 'alt')];
    const folded = foldChains([...nodes, step('x'), step('y')], edges, 'LR');
    expect(folded.nodes.map((n) => n.id)).toEqual(['a', 'x', 'y']);
    const box = folded.nodes[0]!;
    expect(box.width).toBe(3 * 200 + 2 * gap);
    // Inputs level: b (input 60 from its top) starts 25 px above a and c (input 35).
    expect(box.height).toBe(180);
    expect(box.ports).toEqual([
      { id: 'in', side: 'WEST', x: 0, y: 60 },
      { id: 'c\u241Enext', side: 'EAST', x: box.width, y: 60 },
      { id: 'c\u241Ealt', side: 'EAST', x: box.width, y: 75 },
    ]);
    expect(folded.edges).toEqual([
      { ...edges[2], source: 'a', sourceHandle: 'c\u241Enext' },
      { ...edges[3], source: 'a', sourceHandle: 'c\u241Ealt' },
    ]);
    const positions = folded.unfold({ a: { x: 1000, y: 500 }, x: { x: 0, y: 0 }, y: { x: 0, y: 0 } });
    expect(positions).toMatchObject({ a: { x: 1000, y: 525 }, b: { x: 1000 + 200 + gap, y: 500 }, c: { x: 1000 + 2 * (200 + gap), y: 525 } });
    expect(positions['a']!.y + 35).toBe(positions['b']!.y + 60);
  });

  it('ends a run at a branch and starts one at a merge', () => {
    const nodes = [
      step('s', [
        ['yes', 20],
        ['no', 50],
      ]),
      step('t1'),
      step('t2'),
      step('f1'),
      step('m'),
      step('m2'),
    ];
    const edges = [link('s', 't1', 'yes'), link('t1', 't2'), link('s', 'f1', 'no'), link('t2', 'm'), link('f1', 'm'), link('m', 'm2')];
    const folded = foldChains(nodes, edges, 'LR');
    // t1 -> t2 is a run (s branches, m merges); so is m -> m2.
    expect(folded.nodes.map((n) => [n.id, n.width])).toEqual([
      ['s', 200],
      ['t1', 400 + gap],
      ['f1', 200],
      ['m', 400 + gap],
    ]);
    expect(folded.edges.map((e) => `${e.source}:${e.sourceHandle}->${e.target}`)).toEqual(['s:yes->t1', 's:no->f1', 't1:t2\u241Enext->m', 'f1:next->m']);
  });

  it('leaves steps joined across other sides, and closed loops, to ELK', () => {
    const sideways: LayoutNode = { id: 'q', width: 200, height: 70, ports: [{ id: 'top', side: 'NORTH', x: 100, y: 0 }] };
    expect(foldChains([step('p'), sideways], [{ id: 'pq', source: 'p', sourceHandle: 'next', target: 'q', targetHandle: 'top' }], 'LR').nodes).toHaveLength(2);
    expect(foldChains([step('u'), step('v')], [link('u', 'v'), link('v', 'u')], 'LR').nodes).toHaveLength(2);
  });

  it('runs top to bottom in TB', () => {
    const down = (id: string): LayoutNode => ({
      id,
      width: 200,
      height: 70,
      ports: [
        { id: 'in', side: 'NORTH', x: 100, y: 0 },
        { id: 'next', side: 'SOUTH', x: 100, y: 70 },
      ],
    });
    const folded = foldChains([down('a'), down('b')], [link('a', 'b')], 'TB');
    expect(folded.nodes).toEqual([
      {
        id: 'a',
        width: 200,
        height: 140 + LAYOUT_GAP.TB.along,
        ports: [
          { id: 'in', side: 'NORTH', x: 100, y: 0 },
          { id: 'b\u241Enext', side: 'SOUTH', x: 100, y: 140 + LAYOUT_GAP.TB.along },
        ],
      },
    ]);
    expect(folded.unfold({ a: { x: 10, y: 20 } })).toEqual({ a: { x: 10, y: 20 }, b: { x: 10, y: 20 + 70 + LAYOUT_GAP.TB.along } });
  });
});
