import type { Node } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { boxesWithin, nodeBoxes } from './node-boxes';

const node = (id: string, x: number, y: number, width: number, height: number): Node => ({ id, position: { x, y }, data: {}, width, height });

describe('nodeBoxes / boxesWithin', () => {
  it('finds exactly the boxes overlapping an area, as checking every box would, but for the excepted ids', () => {
    // A deterministic scatter of boxes over several grid cells, some spanning cell borders.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const nodes = Array.from({ length: 400 }, (_, i) => node(`n${i}`, random() * 6000 - 1000, random() * 3000 - 500, 80 + random() * 400, 40 + random() * 200));
    const index = nodeBoxes(nodes);
    expect(nodeBoxes(nodes)).toBe(index);
    for (let q = 0; q < 50; q++) {
      const left = random() * 6000 - 1500;
      const top = random() * 3000 - 800;
      const area = { left, top, right: left + random() * 2500, bottom: top + random() * 1200 };
      const except = new Set([`n${q}`, `n${q + 1}`]);
      const expected = nodes
        .filter(
          (n, i) =>
            !except.has(n.id) &&
            index.boxes[i]!.left < area.right &&
            index.boxes[i]!.right > area.left &&
            index.boxes[i]!.top < area.bottom &&
            index.boxes[i]!.bottom > area.top,
        )
        .map((n) => n.id)
        .sort();
      const found = boxesWithin(index, area, except)
        .map((b) => index.ids[index.boxes.indexOf(b)]!)
        .sort();
      expect(found).toEqual(expected);
    }
  });

  it('uses the measured size when React Flow has one', () => {
    const measured = { ...node('m', 0, 0, 100, 50), measured: { width: 300, height: 90 } };
    expect(nodeBoxes([measured]).boxes[0]).toEqual({ left: 0, top: 0, right: 300, bottom: 90 });
  });
});
