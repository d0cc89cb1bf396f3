import { describe, expect, it } from 'vitest';
import { packPositions, unpackPositions } from './packed-positions';

describe('packed positions', () => {
  const nodes = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('round-trips positions in node order', () => {
    const packed = packPositions(nodes, { b: { x: 3, y: -4 }, a: { x: 1, y: 2 }, c: { x: 0, y: 0 } });
    expect([...packed]).toEqual([1, 2, 3, -4, 0, 0]);
    expect(unpackPositions(nodes, packed)).toEqual({ a: { x: 1, y: 2 }, b: { x: 3, y: -4 }, c: { x: 0, y: 0 } });
  });

  it('leaves out a node the layout did not place, and ignores positions of unknown nodes', () => {
    const packed = packPositions(nodes, { a: { x: 1, y: 2 }, c: { x: 5, y: 6 }, stray: { x: 9, y: 9 } });
    expect(packed).toHaveLength(6);
    expect(unpackPositions(nodes, packed)).toEqual({ a: { x: 1, y: 2 }, c: { x: 5, y: 6 } });
  });

  it('reads a short array as missing positions, not as zeros', () => {
    expect(unpackPositions(nodes, new Float64Array([1, 2]))).toEqual({ a: { x: 1, y: 2 } });
  });
});
