import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { benchSize, isQuickBench, measured } from './bench-runner';

/**
 * Save latency of a 1,000-step (and a 5,000-step) plan through the real API (listening server, HTTP PUT with
 * If-Match chained from each answer, one small edit per save) next to a raw
 * write + fsync + rename + directory fsync of the very bytes the API wrote. Both run interleaved
 * on the same disk so disk weather affects them alike. The ratio is what the API costs on top of
 * a bare durable write: parse, schema check, format-preserving serialisation, graph checks, HTTP.
 */
/** The goal is at 1,000 steps (API ≤ 3x raw at p50); 5,000 shows how it scales. */
const SIZES = benchSize([1000, 5000], [100, 500]);
const SAVES = Number(process.env.PLANVAS_BENCH_SAVES ?? benchSize(200, 8));
const WARMUP = benchSize(20, 2);
/**
 * Saves come from a person editing (the web app saves after an edit settles), not back to back.
 * Between two saves the bench waits this long, outside both timings, so work a save leaves for
 * when the server is idle (parsing what it wrote, for the next save) runs then, as it does in use.
 */
const PAUSE_MS = 50;

export async function run(): Promise<void> {
  for (const steps of SIZES) await runSize(steps, steps > 1000 ? Math.max(20, Math.round(SAVES / 4)) : SAVES);
  if (isQuickBench()) console.log('(quick: the goal is judged at 1,000 steps in the full run only)');
}

async function runSize(steps: number, saves: number): Promise<void> {
  const WORKFLOW_ID = `Bench/Plan${steps}`;
  const base = await mkdtemp(join(tmpdir(), 'planvas-bench-'));
  const root = join(base, 'ws');
  const planning = join(root, WORKFLOW_ID, 'planning');
  const rawDir = join(base, 'raw');
  await mkdir(planning, { recursive: true });
  await mkdir(rawDir, { recursive: true });
  const plan = generatePlan(steps);
  const initial = `${JSON.stringify(plan, null, 2)}\n`;
  await writeFile(join(planning, 'plan.json'), initial);

  const app = await buildApp({ workspaceRoot: root, dataDir: join(base, 'data') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/api/workflows/${encodeURIComponent(WORKFLOW_ID)}/plan`;

  try {
    const first = await fetch(url);
    let etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < WARMUP + saves; i++) {
      const step = plan.steps[(i * 37) % steps] as { title: string };
      step.title = `Step edited in save ${i}`;
      const body = JSON.stringify(plan);
      const t0 = performance.now();
      const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': etag }, body });
      const answer = (await res.json()) as { revision?: string; written?: boolean; message?: string };
      const apiMs = performance.now() - t0;
      if (res.status !== 200 || !answer.written) throw new Error(`save ${i} failed: ${res.status} ${answer.message ?? ''}`);
      etag = res.headers.get('etag') ?? '';

      const bytes = await readFile(join(planning, 'plan.json'));
      const t1 = performance.now();
      await rawDurableWrite(rawDir, 'plan.json', bytes);
      const rawMs = performance.now() - t1;
      if (i >= WARMUP) {
        api.push(apiMs);
        raw.push(rawMs);
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    const size = (await readFile(join(planning, 'plan.json'))).length;
    printTable(steps, size, api, raw);
  } finally {
    await app.close();
    await rm(base, { recursive: true, force: true });
  }
}

/** The baseline: exactly the durable-write syscalls, nothing else. */
async function rawDurableWrite(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dir, `.${name}.tmp`);
  const file = await open(temp, 'w');
  await file.writeFile(bytes);
  await file.sync();
  await file.close();
  await rename(temp, join(dir, name));
  const folder = await open(dir, 'r');
  await folder.sync();
  await folder.close();
}

interface BenchPlan {
  objective: string;
  steps: Array<Record<string, unknown>>;
}

/** `count` steps; every fourth a todo_task with 3 predefined routes (each with a sub-agent step). */
export function generatePlan(count: number): BenchPlan {
  const steps: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const id = `step-${String(i).padStart(4, '0')}`;
    const common = {
      id,
      title: `Step ${i}`,
      description: `Do part ${i} of the work and write down what was found, with sources.`,
      success_criteria: `part_${i}.md exists and answers the question of part ${i}.`,
      context_dependencies: i > 0 ? [`part_${i - 1}.md`] : [],
      context_output: `part_${i}.md`,
    };
    if (i % 4 === 1) {
      steps.push({
        ...common,
        type: 'todo_task',
        predefined_routes: ['research', 'extract', 'verify'].map((route) => ({
          route_id: `${route}-${i}`,
          route_name: `${route} for step ${i}`,
          condition: `When a todo of step ${i} needs ${route} work`,
          sub_agent_step: {
            id: `${id}-${route}`,
            type: 'regular',
            title: `${route} agent ${i}`,
            description: `Handle ${route} todos of step ${i}.`,
            success_criteria: `The ${route} result of the todo is written down.`,
            context_output: `${route}_${i}.md`,
          },
        })),
        enable_generic_agent: true,
      });
    } else {
      steps.push({ ...common, type: 'regular', has_loop: false, loop_condition: '' });
    }
  }
  return { objective: `A generated plan of ${count} steps for the save-latency benchmark.`, steps };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

function printTable(steps: number, size: number, api: number[], raw: number[]): void {
  const a = [...api].sort((x, y) => x - y);
  const r = [...raw].sort((x, y) => x - y);
  for (const [name, values] of [
    ['API', a],
    ['raw', r],
  ] as const) {
    measured(`${name} p50 (${steps} steps)`, percentile(values, 0.5), { positive: true });
    measured(`${name} p99 (${steps} steps)`, percentile(values, 0.99), { positive: true });
  }
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const ratio = (x: number, y: number) => `${(x / y).toFixed(1)}x`.padStart(10);
  console.log(`save latency: ${steps}-step plan (${(size / 1024).toFixed(0)} KiB), ${api.length} saves after ${WARMUP} warm-up`);
  console.log(`${''.padEnd(46)}${'p50'.padStart(10)}${'p99'.padStart(10)}`);
  console.log(`${'API: HTTP PUT with If-Match (listening server)'.padEnd(46)}${ms(percentile(a, 0.5))}${ms(percentile(a, 0.99))}`);
  console.log(`${'raw: write + fsync + rename + dir fsync'.padEnd(46)}${ms(percentile(r, 0.5))}${ms(percentile(r, 0.99))}`);
  console.log(`${'ratio (API / raw)'.padEnd(46)}${ratio(percentile(a, 0.5), percentile(r, 0.5))}${ratio(percentile(a, 0.99), percentile(r, 0.99))}`);
  if (steps === 1000) console.log(`goal (p50 ratio <= 3x): ${percentile(a, 0.5) / percentile(r, 0.5) <= 3 ? 'met' : 'not met'}`);
  // The figures of the full run are kept (bench-results/); a quick run must not overwrite them.
  if (!isQuickBench())
    void writeResults(steps, {
      steps: steps,
      bytes: size,
      saves: api.length,
      api: { p50: percentile(a, 0.5), p99: percentile(a, 0.99) },
      raw: { p50: percentile(r, 0.5), p99: percentile(r, 0.99) },
    });
}

async function writeResults(steps: number, result: unknown): Promise<void> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../bench-results');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `save-latency-${steps}.json`), `${JSON.stringify(result, null, 2)}\n`);
}
