import { parseEventEnvelope, type PlanvasEvent } from '@planvas/shared';
import { benchSize, isQuickBench, measured } from '../../server/bench/bench-runner';
import { BarUsageIndex } from '../../web/src/timeline/bar-usage';
import { indexLanes } from '../../web/src/timeline/lane-index';
import { deriveTimeline } from '../../web/src/timeline/timeline-bars';
import { countingContext } from '../../web/src/timeline/counting-context';
import { drawTimeline } from '../../web/src/timeline/timeline-draw';
import { GEOMETRY, hitTest, type Geometry } from '../../web/src/timeline/timeline-geometry';

/**
 * Issue 21: the run timeline must stay smooth at 10,000 bars. Measures the work behind one frame
 * of web/src/timeline in Node: deriving the bars from the events (with the per-bar usage index),
 * drawing the whole run and a zoomed-in view into a 2D-context stand-in that counts calls, and
 * hit-testing the pointer. The same figures for a 1,000-bar run are the baseline of the same
 * process; the ratio shows what grows with the run (deriving) and what should not (a frame, once
 * the lanes are indexed). Quick mode (bench-runner.ts): one repeat, same sizes (a second in all).
 */
const SIZES = [1_000, 10_000];
const REPEATS = benchSize(7, 1);
const HITS = 2_000;
const GEOMETRY_1280: Geometry = { ...GEOMETRY, width: 1280 };

const ROUTES = ['literature', 'data-extraction', 'fact-check', 'generic'];

/** A todo_task run whose `bars` bars are its orchestrator turns and their delegations, 1.5 s a turn. */
function syntheticRun(bars: number): PlanvasEvent[] {
  const t0 = Date.UTC(2026, 0, 1, 9, 0, 0);
  const raw: Array<{ type: string; at: number; data: Record<string, unknown> }> = [];
  const step = { step_id: 'research-todo', step_type: 'todo_task', step_index: 1, step_path: 'step-2' };
  raw.push({ type: 'run_status', at: 0, data: { status: 'running' } }, { type: 'step_status', at: 0, data: { ...step, status: 'running' } });
  const iterations = Math.max(1, Math.floor((bars - 1) / 2));
  for (let i = 1; i <= iterations; i++) {
    const at = i * 1500;
    const route = ROUTES[i % ROUTES.length]!;
    const todo = `todo_${i}`;
    const usage = { step_id: 'research-todo', iteration: i, model: 'scripted', provider: 'scripted', latency_ms: 3, simulated: true };
    const sub = {
      step_id: route === 'generic' ? 'research-todo-generic' : `${route}-agent`,
      step_type: 'regular',
      step_index: 0,
      step_path: 'step-2',
      iteration: i,
    };
    raw.push(
      { type: 'step_status', at, data: { ...step, status: 'orchestrating', iteration: i } },
      { type: 'llm_usage', at: at + 200, data: { ...usage, agent: 'orchestrator', input_tokens: 700 + i, output_tokens: 150 } },
      {
        type: 'todo_task_route_selected',
        at: at + 210,
        data: { ...step, iteration: i, next_action: 'delegate', todo_id_to_execute: todo, todo_title: `Source ${i}` },
      },
      { type: 'step_status', at: at + 220, data: { ...sub, status: 'executing', parent_step_id: 'research-todo', route_id: route, todo_id: todo } },
      {
        type: 'llm_usage',
        at: at + 1200,
        data: { ...usage, agent: route === 'generic' ? 'generic' : 'sub_agent', route_id: route, todo_id: todo, input_tokens: 90, output_tokens: 25 },
      },
      { type: 'step_status', at: at + 1210, data: { ...sub, status: 'completed', parent_step_id: 'research-todo', route_id: route, todo_id: todo } },
    );
  }
  const end = (iterations + 1) * 1500;
  raw.push({ type: 'step_status', at: end, data: { ...step, status: 'completed' } }, { type: 'run_status', at: end, data: { status: 'completed' } });
  return raw.map((e, i) => parseEventEnvelope({ seq: i + 1, type: e.type, timestamp: new Date(t0 + e.at).toISOString(), data: e.data })!);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = (fn: () => void) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

type Figures = { bars: number; deriveMs: number; wholeMs: number; wholeRects: number; zoomMs: number; zoomRects: number; hitUs: number };

function measure(size: number): Figures {
  const events = syntheticRun(size);
  const derive: number[] = [];
  const whole: number[] = [];
  const zoom: number[] = [];
  const hits: number[] = [];
  let bars = 0;
  let wholeRects = 0;
  let zoomRects = 0;
  for (let r = 0; r < REPEATS; r++) {
    let timeline = deriveTimeline([]);
    let index = indexLanes(timeline);
    derive.push(
      time(() => {
        timeline = deriveTimeline(events);
        index = indexLanes(timeline);
        new BarUsageIndex(events);
      }),
    );
    bars = timeline.bars.length;
    const palette = () => '#7c3aed';
    const state = { hovered: null, focused: null };
    const all = { start: timeline.start, end: timeline.end };
    const a = countingContext();
    whole.push(time(() => drawTimeline(a.ctx, timeline, index, all, GEOMETRY_1280, palette, state)));
    wholeRects = a.rects();
    // A minute of the run in the middle: what a user zoomed in on sees.
    const middle = (timeline.start + timeline.end) / 2;
    const b = countingContext();
    zoom.push(time(() => drawTimeline(b.ctx, timeline, index, { start: middle, end: middle + 60_000 }, GEOMETRY_1280, palette, state)));
    zoomRects = b.rects();
    const g = GEOMETRY_1280;
    hits.push(
      (time(() => {
        for (let i = 0; i < HITS; i++) hitTest(timeline, index, all, g, g.gutter + ((i * 7919) % (g.width - g.gutter)), g.axis + ((i % 4) + 0.5) * g.row);
      }) *
        1000) /
        HITS,
    );
  }
  return {
    bars: measured(`bars (${size})`, bars, { positive: true }),
    deriveMs: measured('derive ms', median(derive), { positive: true }),
    wholeMs: measured('whole-run frame ms', median(whole), { positive: true }),
    wholeRects: measured('whole-run rectangles', wholeRects, { positive: true }),
    zoomMs: measured('zoomed frame ms', median(zoom), { positive: true }),
    zoomRects: measured('zoomed rectangles', zoomRects, { positive: true }),
    hitUs: measured('hit-test µs', median(hits), { positive: true }),
  };
}

export async function run(): Promise<void> {
  measure(SIZES[0]!); // warm-up: the JIT, not the first size, pays for compiling
  const results = SIZES.map(measure);
  const widths = [22, 12, 12, 12, 12, 12, 12, 12];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
  console.log(line(['case', 'bars', 'derive ms', 'frame ms', 'rects', 'zoom ms', 'zoom rects', 'hit µs']));
  for (const [i, r] of results.entries()) {
    const name = i === 0 ? `baseline ${r.bars.toLocaleString('en-US')} bars` : `${r.bars.toLocaleString('en-US')} bars`;
    console.log(
      line([
        name,
        String(r.bars),
        r.deriveMs.toFixed(2),
        r.wholeMs.toFixed(3),
        String(r.wholeRects),
        r.zoomMs.toFixed(3),
        String(r.zoomRects),
        r.hitUs.toFixed(2),
      ]),
    );
  }
  const [small, big] = results as [Figures, Figures];
  const ratio = (a: number, b: number) => `${(b / a).toFixed(1)}×`;
  console.log(
    line([
      'ratio',
      ratio(small.bars, big.bars),
      ratio(small.deriveMs, big.deriveMs),
      ratio(small.wholeMs, big.wholeMs),
      ratio(small.wholeRects, big.wholeRects),
      ratio(small.zoomMs, big.zoomMs),
      ratio(small.zoomRects, big.zoomRects),
      ratio(small.hitUs, big.hitUs),
    ]),
  );
  console.log(
    `(median of ${REPEATS}; a frame draws the lanes in view into a counting 2D context, 1280 px wide; "zoom" is one minute of the run; ${HITS} hit-tests)` +
      (isQuickBench() ? ' (quick: one repeat)' : ''),
  );
}
