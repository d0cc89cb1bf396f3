/** The visible stretch of the time axis, epoch ms. */
export interface TimeView {
  start: number;
  end: number;
}

/** The narrowest view: a scripted run without pauses has bars of a millisecond or less. */
export const MIN_SPAN_MS = 0.5;

/** `view` moved and shrunk as needed to lie within `bounds`, never narrower than MIN_SPAN_MS. */
export function clampView(view: TimeView, bounds: TimeView): TimeView {
  const full = Math.max(bounds.end - bounds.start, MIN_SPAN_MS);
  const span = Math.min(Math.max(view.end - view.start, MIN_SPAN_MS), full);
  const start = Math.min(Math.max(view.start, bounds.start), bounds.start + full - span);
  return { start, end: start + span };
}

/** Zooms by `factor` (< 1 in, > 1 out) keeping the time under `anchor` where it is on screen. */
export function zoomAt(view: TimeView, factor: number, anchor: number, bounds: TimeView): TimeView {
  const ratio = view.end > view.start ? (anchor - view.start) / (view.end - view.start) : 0.5;
  const span = (view.end - view.start) * factor;
  const start = anchor - ratio * span;
  return clampView({ start, end: start + span }, bounds);
}

export function panBy(view: TimeView, deltaMs: number, bounds: TimeView): TimeView {
  return clampView({ start: view.start + deltaMs, end: view.end + deltaMs }, bounds);
}

/** The view moved just enough to show [start, end] (a bar reached by the keyboard). */
export function revealRange(view: TimeView, start: number, end: number, bounds: TimeView): TimeView {
  const span = view.end - view.start;
  if (start >= view.start && end <= view.end) return view;
  if (end - start > span || start < view.start) return clampView({ start: start - span * 0.05, end: start - span * 0.05 + span }, bounds);
  return clampView({ start: end + span * 0.05 - span, end: end + span * 0.05 }, bounds);
}

export const timeToX = (t: number, view: TimeView, x0: number, width: number): number => x0 + ((t - view.start) / (view.end - view.start)) * width;
export const xToTime = (x: number, view: TimeView, x0: number, width: number): number => view.start + ((x - x0) / width) * (view.end - view.start);

const STEPS_MS = [
  0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000,
];

/** Tick times at a round step, about one per `minPx` pixels, labelled from the run's start. */
export function ticks(view: TimeView, origin: number, width: number, minPx = 90): Array<{ t: number; label: string }> {
  const span = view.end - view.start;
  if (!(span > 0) || width <= 0) return [];
  const wanted = (span / width) * minPx;
  const step = STEPS_MS.find((s) => s >= wanted) ?? Math.ceil(wanted / 3_600_000) * 3_600_000;
  const out: Array<{ t: number; label: string }> = [];
  for (let rel = Math.ceil((view.start - origin) / step) * step; origin + rel <= view.end && out.length < 200; rel += step) {
    out.push({ t: origin + rel, label: formatDuration(rel) });
  }
  return out;
}

/** `850 ms`, `1.2 s`, `2 min 05 s`, `1 h 03 min`: short and exact enough for a tooltip or a tick. */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1) return `${Number(ms.toFixed(2))} ms`;
  if (abs < 1000) return `${Number(ms.toFixed(abs < 10 ? 1 : 0))} ms`;
  if (abs < 60_000) return `${Number((ms / 1000).toFixed(abs < 10_000 ? 2 : 1))} s`;
  if (abs < 3_600_000) return `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;
  return `${Math.floor(ms / 3_600_000)} h ${String(Math.round((ms % 3_600_000) / 60_000)).padStart(2, '0')} min`;
}
