import { describe, expect, it } from 'vitest';
import { fixtureNode } from '../test/fixture-nodes';
import { followedNodes, followViewport } from './follow-run';
import { FOLLOW_MAX_ZOOM, FOLLOW_MIN_ZOOM } from './zoom-levels';

const screen = { width: 1200, height: 800 };
const box = (x: number, y: number, width = 280, height = 150) => ({ x, y, width, height });
/** Where a box lands on screen at a viewport. */
const onScreen = (b: ReturnType<typeof box>, v: { x: number; y: number; zoom: number }) => ({
  left: b.x * v.zoom + v.x,
  top: b.y * v.zoom + v.y,
  right: (b.x + b.width) * v.zoom + v.x,
  bottom: (b.y + b.height) * v.zoom + v.y,
});

describe('following the run', () => {
  it('follows the steps at work or waiting, the todo_task and the sub-agent it delegates to alike', () => {
    const statuses = {
      'research-todo': 'executing',
      'research-todo-sub-agent-literature': 'executing',
      'gather-sources': 'completed',
      'editor-review': 'waiting',
    } as const;
    const nodes = [
      fixtureNode('regular', 'gather-sources', { statuses }),
      fixtureNode('todo_task', 'research-todo', { statuses }),
      fixtureNode('sub_agent', 'research-todo-sub-agent-literature', { statuses }),
      fixtureNode('human_input', 'editor-review', { statuses }),
      fixtureNode('regular', 'draft-report', { statuses }),
    ];
    expect(followedNodes(nodes).map((n) => n.id)).toEqual(['research-todo', 'research-todo-sub-agent-literature', 'editor-review']);
  });

  it('zooms a plan opened far out in to a readable zoom, centred on the step', () => {
    const step = box(4000, 300);
    const viewport = followViewport([step], screen, { x: 0, y: 0, zoom: 0.17 })!;
    expect(viewport.zoom).toBe(FOLLOW_MIN_ZOOM);
    const at = onScreen(step, viewport);
    expect(at.left).toBeGreaterThan(0);
    expect(at.right).toBeLessThan(screen.width);
    expect(at.top).toBeGreaterThan(0);
    expect(at.bottom).toBeLessThan(screen.height);
  });

  it('keeps the zoom the user had within the readable range, and does not move while the step is in view', () => {
    const step = box(100, 100);
    const moved = followViewport([step], screen, { x: -2000, y: 0, zoom: 0.8 })!;
    expect(moved.zoom).toBe(0.8);
    expect(followViewport([step], screen, moved)).toBeNull();
    expect(followViewport([step], screen, { x: 0, y: 0, zoom: 1.8 })!.zoom).toBe(FOLLOW_MAX_ZOOM);
  });

  it('fits a todo_task and its sub-agent together, or the sub-agent alone when they are too far apart', () => {
    const parent = box(0, 0, 300, 400);
    const near = box(400, -200, 260, 140);
    const both = followViewport([parent, near], screen, { x: 0, y: 0, zoom: 1 })!;
    for (const b of [parent, near]) {
      const at = onScreen(b, both);
      expect(at.left).toBeGreaterThanOrEqual(0);
      expect(at.right).toBeLessThanOrEqual(screen.width);
      expect(at.top).toBeGreaterThanOrEqual(0);
      expect(at.bottom).toBeLessThanOrEqual(screen.height);
    }
    const far = box(0, 5000, 260, 140);
    const alone = followViewport([parent, far], screen, { x: 0, y: 0, zoom: 1 })!;
    expect(alone.zoom).toBe(FOLLOW_MIN_ZOOM);
    const at = onScreen(far, alone);
    expect(at.top).toBeGreaterThan(0);
    expect(at.bottom).toBeLessThan(screen.height);
    expect(followViewport([], screen, { x: 0, y: 0, zoom: 1 })).toBeNull();
  });
});
