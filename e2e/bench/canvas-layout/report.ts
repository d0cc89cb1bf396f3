// What the canvas-layout bench prints: each repeat as it is measured, then the tables and the goals' verdicts.
import { availableParallelism, loadavg } from 'node:os';
import { isQuickBench } from '../../../server/bench/bench-runner';
import { SCENARIOS, type OpenSample, type Row, type Scenario } from './samples';
import { GOAL_SIZE, LONG_TASK_LIMIT_MS, REPEATS } from './settings';

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

/** How many cores an open kept busy: CPU time (Chromium's and the server's) over wall time. */
const coresBusy = (cpu: NonNullable<OpenSample['cpu']>) => (cpu.chromiumMs + cpu.serverMs) / cpu.wallMs;
const cpuText = (s: OpenSample) =>
  s.cpu
    ? `; CPU ${ms(s.cpu.chromiumMs)} ms Chromium + ${ms(s.cpu.serverMs)} ms server in ${ms(s.cpu.wallMs)} ms = ${coresBusy(s.cpu).toFixed(2)} cores busy`
    : '';

export function progress(size: number, i: number, row: Row): void {
  const phases = (s: OpenSample) =>
    `${ms(s.openMs)} ms [${s.source}] = doc ${ms(s.document.ms)} + prep ${ms(s.prepare.ms)} + worker ${ms(s.layout.ms)} (ELK ${ms(s.computeMs)}) + render ${ms(s.render.ms)}; longest task ${ms(s.longestTaskMs)}, ${s.domNodes} nodes drawn${s.fallback ? ` [GRID FALLBACK: ${s.fallbackNotice}]` : ''}`;
  console.log(`  ${size} steps, run ${i + 1}/${REPEATS}`);
  for (const [key, label] of SCENARIOS)
    console.log(`    ${label.padEnd(40)} ${phases(row[key][i]!)}${key === 'first' || key === 'reopen' ? cpuText(row[key][i]!) : ''}`);
  console.log(`    ${'first open, while the worker lays out:'.padEnd(40)} ${row.first[i]!.duringLayoutFrame}`);
  const app = row.dagreApp[i]!;
  console.log(
    `    ${'dagre app: first open (deep link)'.padEnd(40)} ${ms(app.openMs)} ms = doc ${ms(app.document.ms)} + prep ${ms(app.prepare.ms)} + dagre ${ms(app.layout.ms)} + render ${ms(app.render.ms)}; longest task ${ms(app.longestTaskMs)}${app.fallback ? ` [DAGRE FAILED, GRID: ${app.fallbackNotice}]` : ''}${cpuText(app)}`,
  );
  const dagre = row.dagre[i]!;
  console.log(
    `    ${'dagre alone on the main thread'.padEnd(40)} ${dagre.error ? `failed: ${dagre.error}` : `${ms(dagre.wallMs)} ms, longest task ${ms(dagre.longestTaskMs)}`}`,
  );
}

export function report(rows: Row[]): void {
  console.log(`\nOpen a plan until it is laid out, framed and drawn, in ms (median of ${REPEATS}), against the dagre app's first open`);
  console.table(
    rows.map((r) => {
      const dagreApp = medianOf(r.dagreApp, (s) => s.openMs);
      const open = (key: Scenario) => medianOf(r[key], (s) => s.openMs);
      return {
        steps: r.size,
        'nodes/edges': `${r.nodes}/${r.edges}`,
        'first open': ms(open('first')),
        '(ELK in worker)': ms(medianOf(r.first, (s) => s.computeMs)),
        reopen: ms(open('reopen')),
        sidebar: ms(open('sidebar')),
        '(ELK warm)': ms(medianOf(r.sidebar, (s) => s.computeMs)),
        'sidebar reopen': ms(open('sidebarReopen')),
        'dagre app': r.dagreApp.some((s) => s.fallback) ? `${ms(dagreApp)} (dagre failed)` : ms(dagreApp),
        'dagre alone': dagreCell(r, dagreWall(r)),
        'first/dagre app': ratio(open('first'), dagreApp),
        'reopen/dagre app': ratio(open('reopen'), dagreApp),
        'sidebar/dagre app': ratio(open('sidebar'), dagreApp),
        'sidebar reopen/dagre app': ratio(open('sidebarReopen'), dagreApp),
      };
    }),
  );
  console.log("Longest main-thread task, in ms: per phase of the first open (prep | while the worker lays out | render), the whole of each open, and dagre's");
  console.table(
    rows.map((r) => ({
      steps: r.size,
      'first: prep': ms(maxOf(r.first, (s) => s.prepare.longestTaskMs)),
      'first: during layout': ms(maxOf(r.first, (s) => s.layout.longestTaskMs)),
      'first: render': ms(maxOf(r.first, (s) => s.render.longestTaskMs)),
      'first: whole': ms(maxOf(r.first, (s) => s.longestTaskMs)),
      'reopen: whole': ms(maxOf(r.reopen, (s) => s.longestTaskMs)),
      'sidebar: whole': ms(maxOf(r.sidebar, (s) => s.longestTaskMs)),
      'sidebar reopen: whole': ms(maxOf(r.sidebarReopen, (s) => s.longestTaskMs)),
      'dagre app: whole': ms(maxOf(r.dagreApp, (s) => s.longestTaskMs)),
      'dagre alone': dagreCell(
        r,
        maxOf(
          r.dagre.filter((s) => !s.error),
          (s) => s.longestTaskMs,
        ),
      ),
      'nodes drawn': medianOf(r.first, (s) => s.domNodes),
      fallback: SCENARIOS.some(([key]) => r[key].some((s) => s.fallback)) ? 'GRID' : '',
    })),
  );

  const withCpu = (samples: OpenSample[]) => samples.filter((s) => s.cpu !== undefined).map((s) => s.cpu!);
  if (rows.some((r) => withCpu(r.first).length > 0)) {
    console.log(
      `CPU used by the deep-link opens, navigation to drawn, medians in ms: all of Chromium's processes and threads, the server, and how many of the machine's ${availableParallelism()} cores that kept busy`,
    );
    const cpuColumns = (label: string, samples: OpenSample[]) => {
      const cpu = withCpu(samples);
      return {
        [`${label}: Chromium`]: ms(median(cpu.map((c) => c.chromiumMs))),
        [`${label}: server`]: ms(median(cpu.map((c) => c.serverMs))),
        [`${label}: cores busy`]: median(cpu.map(coresBusy)).toFixed(2),
      };
    };
    console.table(
      rows.map((r) => ({ steps: r.size, ...cpuColumns('first open', r.first), ...cpuColumns('reopen', r.reopen), ...cpuColumns('dagre app', r.dagreApp) })),
    );
  }

  const goal = rows.find((r) => r.size === GOAL_SIZE);
  if (isQuickBench()) console.log(`(quick: the goals are judged at ${GOAL_SIZE.toLocaleString('en-US')} steps in the full run only)`);
  if (!goal) return;
  const dagreApp = medianOf(goal.dagreApp, (s) => s.openMs);
  const dagreAlone = dagreWall(goal);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const n = GOAL_SIZE.toLocaleString('en-US');
  const opens = SCENARIOS.map(([key, label]) => {
    const open = medianOf(goal[key], (s) => s.openMs);
    // Each run against the dagre app's open of the same repeat: the spread behind the median.
    const perRun = goal[key].map((sample, i) => ratio(sample.openMs, goal.dagreApp[i]!.openMs)).join(', ');
    return `${label.padEnd(40)} ${ms(open).padStart(6)} ms → ${verdict(open <= dagreApp / 2).padEnd(6)} (against dagre alone: ${verdict(open <= dagreAlone / 2)}; per run against the dagre app: ${perRun})`;
  });
  console.log(
    `Goal at ${n} steps, open-to-interactive ≤ half of dagre: half the dagre app's open is ${ms(dagreApp / 2)} ms (half of dagre alone: ${ms(dagreAlone / 2)} ms)\n  ${opens.join('\n  ')}`,
  );
  const duringLayout = maxOf(goal.first, (s) => s.layout.longestTaskMs);
  const wholes = SCENARIOS.map(([key, label]) => {
    const whole = maxOf(goal[key], (s) => s.longestTaskMs);
    return `${label}, document to drawn: ${ms(whole)} ms → ${verdict(whole <= LONG_TASK_LIMIT_MS)}`;
  });
  console.log(
    `Goal at ${n} steps, no main-thread task over ${LONG_TASK_LIMIT_MS} ms during layout:\n  while the worker lays out: ${ms(duringLayout)} ms → ${verdict(duringLayout <= LONG_TASK_LIMIT_MS)}\n  ${wholes.join('\n  ')}`,
  );
  console.log(
    `(load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
}
