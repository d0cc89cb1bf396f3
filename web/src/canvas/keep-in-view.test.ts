import { describe, expect, it } from 'vitest';
import { REVEAL_MARGIN, revealViewport } from './keep-in-view';

const pane = { width: 800, height: 600 };
const node = (x: number, y: number, width = 240, height = 100) => ({ x, y, width, height });

describe('revealViewport', () => {
  it('leaves the view alone while the node is wholly in the pane', () => {
    expect(revealViewport(node(100, 100), pane, { x: 0, y: 0, zoom: 1 })).toBeNull();
    // Touching the edges is still inside: a node in view never makes the canvas move.
    expect(revealViewport(node(560, 500), pane, { x: 0, y: 0, zoom: 1 })).toBeNull();
  });

  it('pans a node the panel now covers (past the right edge) back in, the least way, keeping the margin', () => {
    // On screen the node spans 700..940 of an 800 px pane.
    const viewport = revealViewport(node(700, 100), pane, { x: 0, y: 0, zoom: 1 });
    expect(viewport).toEqual({ x: 800 - REVEAL_MARGIN.right - 940, y: 0, zoom: 1 });
  });

  it('keeps the zoom and works in screen pixels at any zoom', () => {
    // At 0.5 the node spans 50 + 1500 * 0.5 = 800..920 on screen.
    const viewport = revealViewport(node(1500, 100), pane, { x: 50, y: 20, zoom: 0.5 });
    expect(viewport).toEqual({ x: 50 + (800 - REVEAL_MARGIN.right - 920), y: 20, zoom: 0.5 });
  });

  it('brings a node off the left or top edge in past the palette and the top margin', () => {
    expect(revealViewport(node(-30, -10), pane, { x: 0, y: 0, zoom: 1 })).toEqual({ x: REVEAL_MARGIN.left + 30, y: REVEAL_MARGIN.top + 10, zoom: 1 });
  });

  it('pans below the bottom edge up', () => {
    expect(revealViewport(node(100, 550), pane, { x: 0, y: 0, zoom: 1 })).toEqual({ x: 0, y: 600 - REVEAL_MARGIN.bottom - 650, zoom: 1 });
  });

  it('shows the start (the header) of a node larger than the pane, never zooming out or in', () => {
    const viewport = revealViewport(node(900, 0, 1200, 100), pane, { x: 0, y: 0, zoom: 1 });
    expect(viewport).toEqual({ x: REVEAL_MARGIN.left - 900, y: 0, zoom: 1 });
  });

  it('does nothing without a pane to show it in (a canvas not on screen)', () => {
    expect(revealViewport(node(900, 0), { width: 0, height: 0 }, { x: 0, y: 0, zoom: 1 })).toBeNull();
  });
});
