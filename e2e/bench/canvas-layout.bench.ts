import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Plan } from '@planvas/shared';
import { REPO, startPlanvas, type PlanvasServer } from '../support/planvas-server';
import { generateBigPlan } from './big-plan';

/**
 * Issue 3: opening big plans on the canvas. For plans of 100 to 2,000 steps (a quarter of them
 * todo_task with 3 routes), in headless Chromium on the production build served by the real
 * server, side by side:
 *
 * - planvas, opened by deep link in a fresh page: time from navigation to every node laid out and
 *   visible, split into document / main-thread preparation / worker layout / rendering, and the
 *   longest main-thread task in each phase (Long Tasks API);
 * - planvas, opened from the sidebar of an app that has been up a few seconds (its ELK worker warm):
 *   click to every node visible, which separates ELK's just-in-time warm-up from the rest;
 * - dagre: the same graph (the very nodes, sizes and edges the canvas posts to its ELK worker)
 *   laid out with @dagrejs/dagre on the main thread of a page in the same browser, as the system
 *   planvas replaces does: wall time and longest task.
 *
 * Goals (issue 3): at 1,000 steps open-to-interactive at most half of dagre's time, and no
 * main-thread task over 50 ms during layout.
 */
const SIZES = (process.env['BENCH_SIZES'] ?? '100,500,1000,2000').split(',').map(Number);
const REPEATS = Math.max(1, Number(process.env['BENCH_REPEATS'] ?? 3));
const GOAL_SIZE = 1000;
const LONG_TASK_LIMIT_MS = 50;
/** How long the app is left up before the sidebar click, so the worker's warm-up has run. */
const APP_UP_MS = 5000;
const CHROMIUM = process.env['PLANVAS_CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1440, height: 900 };
const OPEN_TIMEOUT_MS = 180_000;

const workflowIdOf = (size: number) => `Bench/Steps${size}`;
const pathOf = (size: number) => `/workflows/${encodeURIComponent(workflowIdOf(size))}`;

/** Step nodes plus sub-agent nodes the canvas must show for a plan (start and end markers aside). */
function expectedNodeCount(plan: Plan): number {
  let count = 0;
  for (const step of plan.steps) {
    const routes = (step as { predefined_routes?: Array<{ sub_agent_step?: unknown }> }).predefined_routes ?? [];
    count += 1 + routes.filter((r) => r.sub_agent_step).length;
  }
  return count;
}

type LayoutGraph = {
  nodes: Array<{ id: string; width: number; height: number }>;
  edges: Array<{ id: string; source: string; target: string }>;
  direction: 'LR' | 'TB';
};

type Phase = { ms: number; longestTaskMs: number };
type OpenSample = {
  /** Start (navigation, or the sidebar click) -> every node laid out and visible. */
  openMs: number;
  /** Start -> the plan's document fully received. */
  document: Phase;
  /** Document received -> layout request posted to the worker (mapping, layout input, clone). */
  prepare: Phase;
  /** Request posted -> worker's answer received: ELK computing; the main thread should be free. */
  layout: Phase;
  /** ELK's own time in the worker, as the worker reports it (the rest of `layout` is queueing and messaging). */
  computeMs: number;
  /** Answer -> every node visible: React Flow renders, measures, fits the view. */
  render: Phase;
  /** Longest task and count / total of tasks over 50 ms from the document's arrival to the end. */
  longestTaskMs: number;
  longTasks: number;
  longTaskTotalMs: number;
  /** React Flow node elements in the DOM at the end. */
  domNodes: number;
  fallback: boolean;
  graph: LayoutGraph;
};
/** `error` when dagre could not lay the graph out at all (it recurses once per node of a long chain). */
type DagreSample = { wallMs: number; longestTaskMs: number; error?: string };

declare global {
  interface Window {
    __pvBench?: {
      longTasks: Array<{ start: number; duration: number }>;
      startAt: number;
      postAt: number | null;
      answerAt: number | null;
      computeMs: number | null;
      layoutRequest: LayoutGraph | null;
      done: { at: number; state: string; domNodes: number } | null;
    };
  }
}

/**
 * Installed before the app's own scripts: records long tasks; notes when the app posts its layout
 * request to the worker and when the answer comes back (keeping the request, to give dagre the
 * same graph); watches for the moment every expected node is in the DOM, measured (React Flow
 * hides a node until it is) and positioned. Until `armed` nothing is watched (the warm scenario
 * arms it on the click).
 */
function instrument({ expected, armed }: { expected: number; armed: boolean }): void {
  const bench: NonNullable<Window['__pvBench']> = { longTasks: [], startAt: 0, postAt: null, answerAt: null, computeMs: null, layoutRequest: null, done: null };
  window.__pvBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  const post = Worker.prototype.postMessage;
  const listening = new WeakSet<Worker>();
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const request = (message as { request?: LayoutGraph } | null)?.request;
    if (request && Array.isArray(request.nodes) && bench.postAt === null) {
      bench.layoutRequest = request;
      bench.postAt = performance.now();
      if (!listening.has(this)) {
        listening.add(this);
        this.addEventListener('message', (event: MessageEvent<{ ms?: number }>) => {
          if (bench.answerAt !== null) return;
          bench.answerAt = performance.now();
          bench.computeMs = typeof event.data?.ms === 'number' ? event.data.ms : null;
        });
      }
    }
    return (post as (...args: unknown[]) => void).call(this, message, ...rest);
  } as typeof Worker.prototype.postMessage;

  const check = () => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="canvas"]');
    const state = canvas?.dataset['layoutState'];
    if (bench.postAt !== null && (state === 'ready' || state === 'fallback')) {
      const nodes = document.querySelectorAll<HTMLElement>('.react-flow__node[data-id]');
      let shown = 0;
      for (const node of Array.from(nodes)) {
        if ((node.dataset['id'] ?? '').startsWith('__') || node.style.visibility === 'hidden') continue;
        const transform = node.style.transform;
        if (!transform || transform === 'translate(0px, 0px)') continue;
        shown++;
      }
      if (shown >= expected) {
        bench.done = { at: performance.now(), state, domNodes: nodes.length };
        return;
      }
    }
    requestAnimationFrame(check);
  };
  const arm = () => {
    bench.startAt = performance.now();
    requestAnimationFrame(check);
  };
  if (armed) arm();
  else (window as unknown as { __pvBenchArm: () => void }).__pvBenchArm = arm;
}

async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
  // the functions handed to the page need that helper there too.
  await page.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  return page;
}

/** Reads the phases out of the page once `done` is set. */
async function collect(page: Page, size: number): Promise<OpenSample> {
  await page.waitForFunction(() => window.__pvBench?.done != null, undefined, { timeout: OPEN_TIMEOUT_MS, polling: 250 });
  // Let the observer deliver the long tasks of the last frames.
  await page.waitForTimeout(300);
  return page.evaluate((workflowId) => {
    const bench = window.__pvBench!;
    const done = bench.done!;
    const documentEntry = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes(`/api/workflows/${encodeURIComponent(workflowId)}`) && e.startTime >= bench.startAt && !e.name.includes('view'))
      .sort((a, b) => a.startTime - b.startTime)[0] as PerformanceResourceTiming | undefined;
    const start = bench.startAt;
    const documentAt = documentEntry?.responseEnd ?? start;
    const postAt = bench.postAt ?? documentAt;
    const answerAt = bench.answerAt ?? postAt;
    // A task counts in the phase it started in: the one that posts the request belongs to preparation.
    const longestIn = (from: number, to: number) => Math.max(0, ...bench.longTasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
    const phase = (from: number, to: number) => ({ ms: to - from, longestTaskMs: longestIn(from, to) });
    const during = bench.longTasks.filter((t) => t.start + t.duration > documentAt && t.start < done.at);
    return {
      openMs: done.at - start,
      document: phase(start, documentAt),
      prepare: phase(documentAt, postAt),
      layout: phase(postAt, answerAt),
      render: phase(answerAt, done.at),
      computeMs: bench.computeMs ?? Number.NaN,
      longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
      longTasks: during.length,
      longTaskTotalMs: during.reduce((sum, t) => sum + t.duration, 0),
      domNodes: done.domNodes,
      fallback: done.state === 'fallback',
      graph: bench.layoutRequest ?? { nodes: [], edges: [], direction: 'LR' as const },
    };
  }, workflowIdOf(size));
}

/** A fresh page opened right on the plan by deep link: app start-up, a cold ELK worker, everything. */
async function openByDeepLink(browser: Browser, baseURL: string, size: number, expected: number): Promise<OpenSample> {
  const page = await newPage(browser);
  try {
    await page.addInitScript(instrument, { expected, armed: true });
    await page.goto(`${baseURL}${pathOf(size)}`);
    return await collect(page, size);
  } finally {
    await page.close();
  }
}

/** The app already up (its worker warmed up at start), the plan opened from the sidebar. */
async function openFromSidebar(browser: Browser, baseURL: string, size: number, expected: number): Promise<OpenSample> {
  const page = await newPage(browser);
  try {
    await page.addInitScript(instrument, { expected, armed: false });
    await page.goto(`${baseURL}/`);
    const link = page.getByTestId('workflow-list').locator(`a[href="${pathOf(size)}"]`);
    await link.waitFor();
    await page.waitForTimeout(APP_UP_MS);
    // Arm in the click's own task, so the start is the click, not Playwright's round trip.
    await link.evaluate((a) => {
      a.addEventListener('click', () => (window as unknown as { __pvBenchArm: () => void }).__pvBenchArm(), { capture: true, once: true });
    });
    await link.click();
    return await collect(page, size);
  } finally {
    await page.close();
  }
}

/** The same graph through dagre on the main thread of a fresh page: one synchronous call, as a dagre canvas makes. */
async function layOutWithDagre(browser: Browser, dagreScript: string, graph: LayoutGraph): Promise<DagreSample> {
  const page = await newPage(browser);
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ path: dagreScript });
    return await page.evaluate(async (g) => {
      type DagreGraph = {
        setGraph(label: object): void;
        setDefaultEdgeLabel(f: () => object): void;
        setNode(id: string, label: object): void;
        setEdge(source: string, target: string, label: object, name: string): void;
        node(id: string): { x: number; y: number } | undefined;
      };
      type Dagre = { graphlib: { Graph: new (options: { multigraph: boolean }) => DagreGraph }; layout: (graph: DagreGraph) => void };
      const dagre = (window as unknown as { dagre: Dagre }).dagre;
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask' });
      // In a task of its own, as a fetch callback would run it.
      const wallMs = await new Promise<number>((resolve, reject) =>
        setTimeout(() => {
          try {
          const started = performance.now();
          const graph = new dagre.graphlib.Graph({ multigraph: true });
          // The spacing of planvas' ELK layout (elk-layout.ts), so both keep boxes as far apart.
          const lr = g.direction === 'LR';
          graph.setGraph({ rankdir: lr ? 'LR' : 'TB', nodesep: lr ? 44 : 60, ranksep: lr ? 110 : 90, edgesep: 14 });
          graph.setDefaultEdgeLabel(() => ({}));
          for (const node of g.nodes) graph.setNode(node.id, { width: node.width, height: node.height });
          for (const edge of g.edges) graph.setEdge(edge.source, edge.target, {}, edge.id);
          dagre.layout(graph);
          const wall = performance.now() - started;
          const first = graph.node(g.nodes[0]!.id);
          if (!first || !Number.isFinite(first.x)) reject(new Error('dagre placed nothing'));
          else resolve(wall);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        }, 0),
      );
      await new Promise((r) => setTimeout(r, 300));
      observer.disconnect();
      return { wallMs, longestTaskMs: Math.max(0, ...tasks) };
    }, graph);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]!.replace(/^page\.evaluate: /, '') : String(error);
    return { wallMs: Number.NaN, longestTaskMs: Number.NaN, error: message };
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')}` : 'n/a');
const medianOf = (samples: OpenSample[], pick: (s: OpenSample) => number) => median(samples.map(pick));
const maxOf = <T>(samples: T[], pick: (s: T) => number) => Math.max(...samples.map(pick));
/** Median dagre wall time of the runs where dagre succeeded (NaN when it never did). */
const dagreWall = (r: Row) => {
  const ok = r.dagre.filter((s) => s.error === undefined);
  return ok.length > 0 ? median(ok.map((s) => s.wallMs)) : Number.NaN;
};
const dagreCell = (r: Row, value: number) => {
  const failed = r.dagre.find((s) => s.error !== undefined);
  if (!failed) return ms(value);
  const why = /call stack/i.test(failed.error ?? '') ? 'stack overflow' : (failed.error ?? '').slice(0, 40);
  return `fails ${r.dagre.filter((s) => s.error).length}/${r.dagre.length} (${why})`;
};
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');

async function writeWorkspace(dir: string, plans: Map<number, Plan>): Promise<void> {
  for (const [size, plan] of plans) {
    const planning = join(dir, workflowIdOf(size), 'planning');
    await mkdir(planning, { recursive: true });
    await writeFile(join(planning, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  }
}

/** The generated plans must open clean: problems would open the problems panel and change what is drawn. */
async function expectNoProblems(server: PlanvasServer, sizes: number[]): Promise<void> {
  for (const size of sizes) {
    const answer = await fetch(`${server.baseURL}/api/workflows/${encodeURIComponent(workflowIdOf(size))}`);
    if (!answer.ok) throw new Error(`GET ${workflowIdOf(size)}: ${answer.status} ${await answer.text()}`);
    const { problems } = (await answer.json()) as { problems: Array<{ message: string }> };
    if (problems.length > 0) throw new Error(`${workflowIdOf(size)} has ${problems.length} problems, e.g. ${problems[0]!.message}`);
  }
}

type Row = { size: number; nodes: number; edges: number; cold: OpenSample[]; warm: OpenSample[]; dagre: DagreSample[] };

function progress(size: number, i: number, cold: OpenSample, warm: OpenSample, dagre: DagreSample): void {
  const phases = (s: OpenSample) =>
    `${ms(s.openMs)} ms = doc ${ms(s.document.ms)} + prep ${ms(s.prepare.ms)} + worker ${ms(s.layout.ms)} (ELK ${ms(s.computeMs)}) + render ${ms(s.render.ms)}; longest task ${ms(s.longestTaskMs)}${s.fallback ? ' [GRID FALLBACK]' : ''}`;
  console.log(`  ${size} steps, run ${i + 1}/${REPEATS}`);
  console.log(`    deep link: ${phases(cold)}`);
  console.log(`    sidebar:   ${phases(warm)}`);
  console.log(`    dagre:     ${dagre.error ? `failed: ${dagre.error}` : `${ms(dagre.wallMs)} ms, longest task ${ms(dagre.longestTaskMs)}`}`);
}

function report(rows: Row[]): void {
  console.log(`\nOpen a plan until every node is laid out and visible, in ms (median of ${REPEATS}; longest tasks: max over runs)`);
  console.table(
    rows.map((r) => {
      const open = medianOf(r.cold, (s) => s.openMs);
      const dagre = dagreWall(r);
      return {
        steps: r.size,
        'nodes/edges': `${r.nodes}/${r.edges}`,
        'deep link open': ms(open),
        'doc+prep': ms(medianOf(r.cold, (s) => s.document.ms + s.prepare.ms)),
        worker: ms(medianOf(r.cold, (s) => s.layout.ms)),
        'of which ELK': ms(medianOf(r.cold, (s) => s.computeMs)),
        render: ms(medianOf(r.cold, (s) => s.render.ms)),
        'sidebar open': ms(medianOf(r.warm, (s) => s.openMs)),
        'sidebar worker (ELK)': `${ms(medianOf(r.warm, (s) => s.layout.ms))} (${ms(medianOf(r.warm, (s) => s.computeMs))})`,
        dagre: dagreCell(r, dagre),
        'open/dagre': ratio(open, dagre),
        'sidebar/dagre': ratio(medianOf(r.warm, (s) => s.openMs), dagre),
      };
    }),
  );
  console.log('Longest main-thread task, in ms, per phase of the deep-link open (prep | while the worker lays out | render), and dagre\'s');
  console.table(
    rows.map((r) => ({
      steps: r.size,
      'prep': ms(maxOf(r.cold, (s) => s.prepare.longestTaskMs)),
      'during layout': ms(maxOf(r.cold, (s) => s.layout.longestTaskMs)),
      render: ms(maxOf(r.cold, (s) => s.render.longestTaskMs)),
      'tasks >50 ms (total ms)': `${medianOf(r.cold, (s) => s.longTasks)} (${ms(medianOf(r.cold, (s) => s.longTaskTotalMs))})`,
      'sidebar: during layout': ms(maxOf(r.warm, (s) => s.layout.longestTaskMs)),
      'sidebar: prep / render': `${ms(maxOf(r.warm, (s) => s.prepare.longestTaskMs))} / ${ms(maxOf(r.warm, (s) => s.render.longestTaskMs))}`,
      dagre: dagreCell(r, maxOf(r.dagre.filter((s) => !s.error), (s) => s.longestTaskMs)),
      'DOM nodes': medianOf(r.cold, (s) => s.domNodes),
      fallback: [...r.cold, ...r.warm].some((s) => s.fallback) ? 'GRID' : '',
    })),
  );

  const goal = rows.find((r) => r.size === GOAL_SIZE);
  if (!goal) return;
  const open = medianOf(goal.cold, (s) => s.openMs);
  const warm = medianOf(goal.warm, (s) => s.openMs);
  const dagre = dagreWall(goal);
  const duringLayout = maxOf(goal.cold, (s) => s.layout.longestTaskMs);
  const whole = maxOf(goal.cold, (s) => s.longestTaskMs);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const n = GOAL_SIZE.toLocaleString('en-US');
  console.log(`Goal at ${n} steps, open-to-interactive ≤ half of dagre (${ms(dagre / 2)} ms): deep link ${ms(open)} ms → ${verdict(open <= dagre / 2)}; from the sidebar ${ms(warm)} ms → ${verdict(warm <= dagre / 2)}`);
  console.log(
    `Goal at ${n} steps, no main-thread task over ${LONG_TASK_LIMIT_MS} ms during layout: while the worker lays out ${ms(duringLayout)} ms → ${verdict(duringLayout <= LONG_TASK_LIMIT_MS)}; ` +
      `whole open (document to visible, rendering included) ${ms(whole)} ms → ${verdict(whole <= LONG_TASK_LIMIT_MS)}`,
  );
  console.log(`(load average when done: ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}

export async function run(): Promise<void> {
  const plans = new Map(SIZES.map((size) => [size, generateBigPlan(size)] as const));
  const source = await mkdtemp(join(tmpdir(), 'planvas-bench-canvas-'));
  await writeWorkspace(source, plans);
  const dagreScript = join(dirname(createRequire(join(REPO, 'web/package.json')).resolve('@dagrejs/dagre')), 'dagre.min.js');
  const server = await startPlanvas({ workspaceSource: source });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  await expectNoProblems(server, [...plans.keys()]);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const rows: Row[] = [];
  try {
    for (const [size, plan] of plans) {
      const expected = expectedNodeCount(plan);
      const row: Row = { size, nodes: 0, edges: 0, cold: [], warm: [], dagre: [] };
      for (let i = 0; i < REPEATS; i++) {
        const cold = await openByDeepLink(browser, server.baseURL, size, expected);
        if (cold.graph.nodes.length === 0) throw new Error(`${size} steps: the canvas posted no layout request to its worker`);
        const warm = await openFromSidebar(browser, server.baseURL, size, expected);
        const dagre = await layOutWithDagre(browser, dagreScript, cold.graph);
        row.cold.push(cold);
        row.warm.push(warm);
        row.dagre.push(dagre);
        row.nodes = cold.graph.nodes.length;
        row.edges = cold.graph.edges.length;
        progress(size, i, cold, warm, dagre);
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
    await server.cleanup();
    await rm(source, { recursive: true, force: true });
  }
  report(rows);
}
