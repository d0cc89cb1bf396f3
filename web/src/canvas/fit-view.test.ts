import { describe, expect, it } from 'vitest';
import { openingViewport, START_ZOOM } from './fit-view';

const node = (x: number, y: number) => ({ position: { x, y }, width: 280, height: 120 });
const screen = { width: 1100, height: 840 };

describe('openingViewport', () => {
  it('fits a plan that stays legible when fitted, clear of the palette on the left', () => {
    const nodes = Array.from({ length: 12 }, (_, i) => node(i * 390, (i % 3) * 150));
    const viewport = openingViewport(nodes, nodes[0], screen, 'LR')!;
    const width = 11 * 390 + 280;
    expect(viewport.zoom).toBeCloseTo((screen.width - 96 - 48) / width, 5);
    expect(viewport.x).toBeGreaterThanOrEqual(96 - 0.5);
    expect(viewport.x + width * viewport.zoom).toBeLessThanOrEqual(screen.width - 48 + 0.5);
  });

  it('never zooms a small plan in past 100 %', () => {
    expect(openingViewport([node(0, 0)], node(0, 0), screen, 'TB')!.zoom).toBe(1);
  });

  it('opens a plan too long to fit on its first node, at the left edge in LR', () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => node(i * 390, 400 + (i % 3) * 150));
    const viewport = openingViewport(nodes, nodes[0], screen, 'LR')!;
    expect(viewport.zoom).toBe(START_ZOOM);
    // The first node's left edge lands just right of the palette, its centre at mid-height.
    expect(viewport.x + nodes[0]!.position.x * START_ZOOM).toBe(96);
    expect(viewport.y + (nodes[0]!.position.y + 60) * START_ZOOM).toBe(screen.height / 2);
  });

  it('opens it at the top edge, centred across, in TB', () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => node(200 + (i % 3) * 300, i * 210));
    const viewport = openingViewport(nodes, nodes[0], screen, 'TB')!;
    expect(viewport.y + nodes[0]!.position.y * START_ZOOM).toBe(48);
    expect(viewport.x + (nodes[0]!.position.x + 140) * START_ZOOM).toBe(screen.width / 2);
  });

  it('has nothing to say without nodes or a screen', () => {
    expect(openingViewport([], undefined, screen, 'LR')).toBeNull();
    expect(openingViewport([node(0, 0)], node(0, 0), { width: 0, height: 0 }, 'LR')).toBeNull();
  });
});
