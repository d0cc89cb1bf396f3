import { visibleRange, type LaneIndex } from './lane-index';
import type { RunTimeline, TimelineBar } from './timeline-bars';
import { barRect, canvasHeight, plotWidth, type Geometry } from './timeline-geometry';
import { ticks, timeToX, type TimeView } from './time-view';

/** The theme's colours the canvas needs, read from the CSS custom properties (light and dark themes). */
export type Palette = (token: string) => string;

/** The 2D context calls the drawing uses: a real canvas context, or a counting one in the bench. */
export type DrawContext = Pick<
  CanvasRenderingContext2D,
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'save'
  | 'restore'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textBaseline'
  | 'globalAlpha'
>;

/** The colour token of a bar: by kind (a step by its step type), failed bars by status. */
export function barToken(bar: TimelineBar): string {
  if (bar.status === 'failed' || bar.status === 'cancelled') return '--pv-status-failed';
  switch (bar.kind) {
    case 'step':
      return `--pv-kind-${bar.stepType ?? 'regular'}`;
    case 'iteration':
      return '--pv-kind-orchestrator';
    case 'delegation':
      return bar.routeId === 'generic' ? '--pv-kind-agent' : '--pv-kind-sub_agent';
    case 'wait':
      return '--pv-kind-human_input';
    case 'pause':
      return '--pv-status-evaluating';
  }
}

export interface DrawState {
  hovered: number | null;
  focused: number | null;
}

/**
 * Draws the lanes, the time axis and the bars in view. Per lane only the bars in view are visited
 * (binary search), and bars narrower than a pixel that start in a pixel already painted are
 * skipped: a 10,000-bar run zoomed out paints at most a few thousand rectangles. Returns how many
 * rectangles it painted.
 */
export function drawTimeline(
  ctx: DrawContext,
  timeline: RunTimeline,
  index: LaneIndex,
  view: TimeView,
  g: Geometry,
  palette: Palette,
  state: DrawState,
): number {
  const width = plotWidth(g);
  const height = canvasHeight(g, timeline.lanes.length);
  ctx.clearRect(0, 0, g.width, height);
  ctx.font = '11px Inter, ui-sans-serif, system-ui, sans-serif';
  ctx.textBaseline = 'middle';

  // Lane stripes and labels.
  timeline.lanes.forEach((lane, i) => {
    const y = g.axis + i * g.row;
    if (lane.depth === 0) {
      ctx.fillStyle = palette('--pv-surface-2');
      ctx.fillRect(0, y, g.width, g.row);
    }
    ctx.fillStyle = palette(lane.depth === 0 ? '--pv-text' : '--pv-text-2');
    ctx.fillText(clip(lane.label, lane.depth === 0 ? 27 : 25), 8 + lane.depth * 14, y + g.row / 2);
  });

  // Ticks.
  ctx.strokeStyle = palette('--pv-border');
  ctx.lineWidth = 1;
  ctx.fillStyle = palette('--pv-text-3');
  for (const tick of ticks(view, timeline.start, width)) {
    const x = Math.round(timeToX(tick.t, view, g.gutter, width)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, g.axis - 4);
    ctx.lineTo(x, height);
    ctx.stroke();
    ctx.fillText(tick.label, x + 3, g.axis / 2);
  }
  ctx.beginPath();
  ctx.moveTo(g.gutter - 0.5, 0);
  ctx.lineTo(g.gutter - 0.5, height);
  ctx.stroke();

  let painted = 0;
  const x0 = g.gutter;
  const scale = width / (view.end - view.start);
  for (let lane = 0; lane < timeline.lanes.length; lane++) {
    const [from, to] = visibleRange(index, lane, view);
    const order = index.order[lane]!;
    const y = g.axis + lane * g.row + (g.row - g.bar) / 2;
    let paintedTo = Number.NEGATIVE_INFINITY;
    for (let i = from; i < to; i++) {
      const bar = timeline.bars[order[i]!]!;
      if (bar.end < view.start) continue;
      const x1 = Math.max(x0, x0 + (bar.start - view.start) * scale);
      const x2 = Math.min(x0 + width, x0 + (bar.end - view.start) * scale);
      const w = Math.max(1.5, x2 - x1);
      // Starts on pixels already painted and adds less than one: the lane looks the same without it.
      if (x1 < paintedTo && x1 + w <= paintedTo + 1) continue;
      ctx.fillStyle = palette(barToken(bar));
      ctx.globalAlpha = bar.kind === 'wait' || bar.kind === 'pause' ? 0.45 : bar.open ? 0.7 : 1;
      ctx.fillRect(x1, y, w, g.bar);
      painted++;
      paintedTo = x1 + w;
      if (bar.open) {
        // Still running: a dashed outline in the "active" colour.
        ctx.globalAlpha = 1;
        ctx.setLineDash([3, 2]);
        ctx.strokeStyle = palette('--pv-status-active');
        ctx.strokeRect(x1 + 0.5, y + 0.5, w - 1, g.bar - 1);
        ctx.setLineDash([]);
      }
      if (w > 60 && bar.kind !== 'wait' && bar.kind !== 'pause') {
        ctx.globalAlpha = 1;
        ctx.fillStyle = palette('--pv-on-fill');
        ctx.fillText(clip(bar.label, Math.floor((w - 8) / 6)), x1 + 4, y + g.bar / 2);
      }
    }
  }
  ctx.globalAlpha = 1;

  for (const [barIndex, token, lineWidth] of [
    [state.hovered, '--pv-text', 1],
    [state.focused, '--pv-focus', 2],
  ] as const) {
    if (barIndex === null || !timeline.bars[barIndex]) continue;
    const r = barRect(timeline, barIndex, view, g);
    ctx.strokeStyle = palette(token);
    ctx.lineWidth = lineWidth;
    ctx.strokeRect(r.x - 1.5, r.y - 1.5, r.w + 3, r.h + 3);
  }
  ctx.lineWidth = 1;
  return painted;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`);
