import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { describeBar, describeBarText } from './bar-description';
import { BarTooltip } from './bar-tooltip';
import type { BarUsageIndex } from './bar-usage';
import { countVisible, indexLanes, visibleRange } from './lane-index';
import type { RunTimeline, TimelineBar } from './timeline-bars';
import { drawTimeline, type Palette } from './timeline-draw';
import { barRect, canvasHeight, GEOMETRY, hitTest, neighbour, plotWidth, type Geometry } from './timeline-geometry';
import { clampView, panBy, revealRange, xToTime, zoomAt, type TimeView } from './time-view';

export type TimelineCanvasProps = {
  timeline: RunTimeline;
  usage: BarUsageIndex;
  /** An iteration bar was clicked or chosen with Enter. */
  onOpenIteration: (stepId: string, iteration: number) => void;
  label: string;
};

/** How many bars of the view the hidden fallback list names (screen readers; the arrow keys reach every bar). */
const FALLBACK_BARS = 60;
/** Movement, in px, after which a press is a drag (pan) and no longer a click. */
const DRAG_PX = 4;

/**
 * The run's bars on one canvas (devicePixelRatio aware): wheel zooms around the pointer, drag or
 * shift+wheel pans, hover shows a tooltip, a click on an iteration opens it. Keyboard: the canvas
 * is one tab stop; arrows move between bars (left/right in a lane, up/down across lanes), Enter
 * opens an iteration, + / - zoom, 0 shows the whole run. Inside the canvas, a list of the bars in
 * view is its accessible fallback.
 */
export function TimelineCanvas({ timeline, usage, onOpenIteration, label }: TimelineCanvasProps) {
  const tipId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(900);
  const [zoomed, setZoomed] = useState<TimeView | null>(null);
  const [hovered, setHovered] = useState<{ bar: number; x: number; y: number } | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const drag = useRef<{ x: number; view: TimeView; moved: boolean } | null>(null);

  const index = useMemo(() => indexLanes(timeline), [timeline]);
  const bounds = useMemo(() => ({ start: timeline.start, end: timeline.end }), [timeline.start, timeline.end]);
  // Not zoomed: the whole run, growing with a live one.
  const view = zoomed ? clampView(zoomed, bounds) : bounds;
  const geometry: Geometry = useMemo(() => ({ ...GEOMETRY, width }), [width]);
  const height = canvasHeight(GEOMETRY, timeline.lanes.length);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(320, Math.round(box.getBoundingClientRect().width) || 900));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const visible = useMemo(() => countVisible(index, view), [index, view]);
  const [painted, setPainted] = useState(0);
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const styles = getComputedStyle(canvas);
      const cache = new Map<string, string>();
      const palette: Palette = (token) => {
        let colour = cache.get(token);
        if (colour === undefined) cache.set(token, (colour = styles.getPropertyValue(token).trim() || styles.color || '#777'));
        return colour;
      };
      setPainted(drawTimeline(ctx, timeline, index, view, geometry, palette, { hovered: hovered?.bar ?? null, focused }));
    });
    return () => cancelAnimationFrame(frame);
  }, [timeline, index, view, geometry, height, width, hovered, focused]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      const rect = canvas.getBoundingClientRect();
      const x = event.clientX - rect.left;
      if (x < geometry.gutter) return;
      event.preventDefault();
      const current = viewRef.current;
      const span = current.end - current.start;
      if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        const delta = event.shiftKey ? event.deltaY || event.deltaX : event.deltaX;
        setZoomed(panBy(current, (delta / plotWidth(geometry)) * span, bounds));
      } else {
        const anchor = xToTime(x, current, geometry.gutter, plotWidth(geometry));
        setZoomed(zoomAt(current, Math.exp(event.deltaY * 0.0015), anchor, bounds));
      }
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [geometry, bounds]);

  const open = useCallback(
    (barIndex: number | null) => {
      const bar = barIndex === null ? undefined : timeline.bars[barIndex];
      if (bar?.kind === 'iteration' && bar.iteration !== undefined) onOpenIteration(bar.stepId, bar.iteration);
    },
    [timeline, onOpenIteration],
  );

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, view, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const point = pointAt(event);
    const pressed = drag.current;
    if (pressed) {
      const dx = event.clientX - pressed.x;
      if (Math.abs(dx) > DRAG_PX) pressed.moved = true;
      if (pressed.moved) {
        setHovered(null);
        setZoomed(panBy(pressed.view, (-dx / plotWidth(geometry)) * (pressed.view.end - pressed.view.start), bounds));
        return;
      }
    }
    const hit = hitTest(timeline, index, view, geometry, point.x, point.y);
    setHovered(hit === null ? null : { bar: hit, x: point.x, y: point.y });
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const pressed = drag.current;
    drag.current = null;
    if (!pressed || pressed.moved) return;
    const point = pointAt(event);
    const hit = hitTest(timeline, index, view, geometry, point.x, point.y);
    if (hit !== null) {
      setFocused(hit);
      open(hit);
    }
  };

  const focusBar = (barIndex: number | null) => {
    if (barIndex === null) return;
    const bar = timeline.bars[barIndex]!;
    setFocused(barIndex);
    setHovered(null);
    const next = revealRange(view, bar.start, bar.end, bounds);
    if (next !== view) setZoomed(next);
    setAnnounce(describeBarText(describeBar(bar, usage.of(bar), timeline.start)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const arrows: Record<string, 'left' | 'right' | 'up' | 'down'> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    const direction = arrows[event.key];
    const middle = (view.start + view.end) / 2;
    if (direction) focusBar(neighbour(timeline, index, focused, direction));
    else if (event.key === 'Enter' || event.key === ' ') open(focused);
    else if (event.key === '+' || event.key === '=') setZoomed(zoomAt(view, 0.5, focusedMiddle(timeline, focused) ?? middle, bounds));
    else if (event.key === '-') setZoomed(zoomAt(view, 2, focusedMiddle(timeline, focused) ?? middle, bounds));
    else if (event.key === '0') setZoomed(null);
    else if (event.key === 'Home') focusBar(neighbour(timeline, index, null, 'right'));
    else return;
    event.preventDefault();
  };

  const fallback = useMemo(() => barsInView(timeline, index, view, FALLBACK_BARS), [timeline, index, view]);
  const tipBar = hovered?.bar ?? focused;
  const tipAt = hovered ?? (focused !== null ? tipPosition(barRect(timeline, focused, view, geometry)) : null);
  const tip = tipBar !== null && timeline.bars[tipBar] && tipAt ? timeline.bars[tipBar] : null;

  return (
    <div ref={boxRef} className="pv-timeline-canvas">
      <canvas
        ref={canvasRef}
        data-testid="run-timeline-canvas"
        data-bars={timeline.bars.length}
        data-visible-bars={visible}
        data-painted-bars={painted}
        data-lanes={timeline.lanes.length}
        data-zoomed={zoomed ? 'true' : 'false'}
        style={{ width, height }}
        tabIndex={0}
        role="application"
        aria-roledescription="timeline"
        aria-label={label}
        aria-describedby={tip ? tipId : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => setHovered(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setFocused(null)}
      >
        <ul aria-label="Bars in view">
          {fallback.bars.map((barIndex) => {
            const bar = timeline.bars[barIndex]!;
            const rect = barRect(timeline, barIndex, view, geometry);
            return (
              <li key={barIndex}>
                <button
                  type="button"
                  tabIndex={-1}
                  data-testid="timeline-bar"
                  data-kind={bar.kind}
                  data-step-id={bar.stepId}
                  data-iteration={bar.iteration}
                  data-x={Math.round(rect.x + Math.min(rect.w / 2, 40))}
                  data-y={Math.round(rect.y + rect.h / 2)}
                  aria-label={describeBarText(describeBar(bar, usage.of(bar), timeline.start))}
                  onFocus={() => setFocused(barIndex)}
                  onMouseEnter={() => setHovered({ bar: barIndex, ...tipPosition(rect) })}
                  onMouseLeave={() => setHovered(null)}
                  onClick={() => open(barIndex)}
                >
                  {bar.label}
                </button>
              </li>
            );
          })}
          {fallback.more > 0 ? <li>{fallback.more} more bars in view: zoom in to list them</li> : null}
        </ul>
      </canvas>
      {tip && tipAt ? (
        <BarTooltip
          id={tipId}
          description={describeBar(tip, usage.of(tip), timeline.start)}
          x={Math.min(tipAt.x + 12, width - 260)}
          y={tipAt.y + 14}
          opensIteration={tip.kind === 'iteration'}
        />
      ) : null}
      <div className="pv-visually-hidden" aria-live="polite">
        {announce}
      </div>
    </div>
  );
}

const tipPosition = (rect: { x: number; y: number; w: number; h: number }) => ({ x: rect.x + Math.min(rect.w / 2, 40), y: rect.y + rect.h });
const focusedMiddle = (timeline: RunTimeline, focused: number | null) => {
  const bar: TimelineBar | undefined = focused === null ? undefined : timeline.bars[focused];
  return bar ? (bar.start + bar.end) / 2 : undefined;
};

/** Up to `max` bars of the view, lane by lane, and how many more there are. */
function barsInView(timeline: RunTimeline, index: ReturnType<typeof indexLanes>, view: TimeView, max: number): { bars: number[]; more: number } {
  const bars: number[] = [];
  let more = 0;
  for (let lane = 0; lane < timeline.lanes.length; lane++) {
    const [from, to] = visibleRange(index, lane, view);
    for (let i = from; i < to; i++) {
      const barIndex = index.order[lane]![i]!;
      if (timeline.bars[barIndex]!.end < view.start) continue;
      if (bars.length < max) bars.push(barIndex);
      else more++;
    }
  }
  return { bars, more };
}
