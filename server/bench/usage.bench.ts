import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunUsage } from '@planvas/shared';
import { buildApp } from '../src/app';
import { benchSize, measured } from './bench-runner';

/**
 * `GET /api/runs/:runId/usage` on a finished run of 100,000 events (one in ten an `llm_usage`, the
 * rest todo events), through the real app and its log index, priced with a workspace pricing
 * table; side by side with the baseline of reading the same run's events through
 * `GET /api/runs/:runId/events` (the pages a client would fetch to sum them itself). Median of 5.
 */
const EVENTS = Number(process.env['PLANVAS_BENCH_USAGE_EVENTS'] ?? benchSize(100_000, 10_000));
const BATCH = 2000;
const REPEATS = benchSize(5, 1);

export async function run(): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'planvas-bench-usage-'));
  const root = join(base, 'ws');
  await mkdir(join(root, 'Bench/Usage/planning'), { recursive: true });
  await writeFile(join(root, 'Bench/Usage/planning/plan.json'), JSON.stringify({ steps: [{ type: 'todo_task', id: 'work' }] }));
  const app = await buildApp({ workspaceRoot: root, dataDir: join(base, 'data') });
  try {
    await app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { pricing: [{ provider: 'openai', model: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8, cacheReadPerMTok: 0.5 }] },
    });
    const created = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: 'Bench/Usage' } });
    const runId = (created.json() as { runId: string }).runId;
    for (let from = 0; from < EVENTS; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, EVENTS - from) }, (_, k) => eventAt(from + k));
      const answer = await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: batch });
      if (answer.statusCode !== 200) throw new Error(`ingest refused: ${answer.body.slice(0, 300)}`);
    }
    await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'run_status', data: { status: 'completed' } } });

    let usage: RunUsage | undefined;
    const usageMs = await median(async () => {
      usage = (await app.inject({ url: `/api/runs/${runId}/usage` })).json() as RunUsage;
    });
    const eventsMs = await median(async () => {
      for (let after = 0; ;) {
        const page = (await app.inject({ url: `/api/runs/${runId}/events?after=${after}&limit=50000` })).json() as { events: Array<{ seq: number }> };
        if (page.events.length === 0) break;
        after = page.events.at(-1)!.seq;
      }
    });
    const calls = Math.floor(EVENTS / 10);
    if (usage?.total.calls !== calls) throw new Error(`usage counted ${usage?.total.calls} calls, expected ${calls}`);
    measured('usage query ms', usageMs, { positive: true });
    measured('events read ms', eventsMs, { positive: true });

    console.log(
      `usage of a finished ${EVENTS.toLocaleString()}-event run (${calls.toLocaleString()} llm_usage events, ${usage.todos.length} todos, ${usage.iterations.length} iterations), median of ${REPEATS}`,
    );
    console.table({
      'GET …/usage (summed and priced on the server)': { ms: Math.round(usageMs), 'vs baseline': `${(usageMs / eventsMs).toFixed(2)}x the baseline's time` },
      'baseline: GET …/events, every page (what a client would read to sum it)': { ms: Math.round(eventsMs), 'vs baseline': '1.00x' },
    });
  } finally {
    await app.close();
    await rm(base, { recursive: true, force: true });
  }
}

/** Every tenth event a model call of iteration i/10, the rest todo updates: a long orchestrated run's mix. */
function eventAt(i: number): { type: string; data: Record<string, unknown> } {
  const iteration = 1 + Math.floor(i / 100);
  if (i % 10 === 0) {
    return {
      type: 'llm_usage',
      data: {
        step_id: 'work',
        iteration,
        todo_id: `todo_${iteration % 500}`,
        route_id: `r${iteration % 7}`,
        agent: i % 20 === 0 ? 'orchestrator' : 'sub_agent',
        model: 'gpt-4.1',
        provider: 'openai',
        input_tokens: 1200 + (i % 300),
        output_tokens: 200 + (i % 50),
        cache_read_tokens: 400,
        latency_ms: 900,
        simulated: false,
      },
    };
  }
  return {
    type: 'todo_task_item_updated',
    data: { step_index: 0, step_path: 'step-1', step_id: 'work', iteration, todo_id: `todo_${i % 500}`, old_status: 'open', new_status: 'in_progress' },
  };
}

async function median(task: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
