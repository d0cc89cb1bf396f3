import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@planvas/shared';
import { EventLog } from '../src/runs/event-log';
import { LogIndexCache, SIDECAR_FILE } from '../src/runs/log-index-files';
import { benchSize, measured } from './bench-runner';

/**
 * Replay of a finished 100,000-event run, paged 2,000 events at a time (what
 * `GET /api/runs/:runId/events?after=&limit=` and the stream's catch-up do), side by side:
 * - indexed: each page read from its offset (LogIndexCache; the sidecar written when the run
 *   closed), and cold (no sidecar, nothing in memory: the first page builds the index);
 * - baseline: the previous reader, which read and split the whole log for every page.
 * Both produce the same events; the figure is the whole replay's wall time.
 */
const EVENTS = Number(process.env['PLANVAS_BENCH_REPLAY_EVENTS'] ?? benchSize(100_000, 10_000));
const PAGE = 2000;

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'planvas-bench-replay-'));
  try {
    const path = join(dir, 'events.jsonl');
    const log = await EventLog.open(path);
    for (let from = 0; from < EVENTS; from += 5000) {
      await log.append(
        Array.from({ length: Math.min(5000, EVENTS - from) }, (_, i) => ({
          type: 'todo_task_item_completed',
          data: {
            todo_id: `todo_${from + i}`,
            title: `Todo ${from + i}`,
            result: 'Wrote the section and checked its sources against the brief',
            completed_by: 'sub-agent',
            iteration: 1 + ((from + i) % 40),
          },
        })),
      );
    }
    await log.close();
    const size = (await stat(path)).size;

    const baseline = await timed(() => replay((after) => oldReadEventsFile(path, after, PAGE)));
    const warm = await timed(() => {
      const cache = new LogIndexCache();
      return replay(async (after) => (await cache.readPage(dir, path, after, PAGE)).events);
    });
    await rm(join(dir, SIDECAR_FILE));
    const cold = await timed(() => {
      const cache = new LogIndexCache();
      return replay(async (after) => (await cache.readPage(dir, path, after, PAGE)).events);
    });
    if (warm.count !== EVENTS || cold.count !== EVENTS || baseline.count !== EVENTS)
      throw new Error(`replays disagree: ${warm.count} / ${cold.count} / ${baseline.count}`);
    for (const [name, t] of [
      ['indexed (sidecar)', warm],
      ['indexed (cold)', cold],
      ['baseline', baseline],
    ] as const)
      measured(`${name} replay ms`, t.ms, { positive: true });

    console.log(
      `replay of a finished ${EVENTS.toLocaleString()}-event run (${(size / 2 ** 20).toFixed(1)} MiB log), ${PAGE.toLocaleString()} events per page, ${Math.ceil(EVENTS / PAGE)} pages`,
    );
    console.table({
      'indexed (sidecar)': { 'replay ms': Math.round(warm.ms), 'vs baseline': `${(baseline.ms / warm.ms).toFixed(1)}x faster` },
      'indexed (cold: index built on the first page)': { 'replay ms': Math.round(cold.ms), 'vs baseline': `${(baseline.ms / cold.ms).toFixed(1)}x faster` },
      'baseline (whole log read per page)': { 'replay ms': Math.round(baseline.ms), 'vs baseline': '1.0x' },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function replay(page: (after: number) => Promise<EventEnvelope[]>): Promise<number> {
  let count = 0;
  for (let after = 0; ;) {
    const events = await page(after);
    if (events.length === 0) return count;
    count += events.length;
    after = events.at(-1)!.seq;
  }
}

async function timed(task: () => Promise<number>): Promise<{ ms: number; count: number }> {
  const t0 = performance.now();
  const count = await task();
  return { ms: performance.now() - t0, count };
}

/** The reader before the offset index (kept here as the baseline): the whole file, every page. */
async function oldReadEventsFile(path: string, after: number, limit: number): Promise<EventEnvelope[]> {
  const bytes = await readFile(path);
  const complete = bytes.lastIndexOf(0x0a) + 1;
  const out: EventEnvelope[] = [];
  for (const line of bytes.subarray(0, complete).toString('utf8').split('\n')) {
    if (out.length >= limit) break;
    const match = /^\{"seq":(\d+),/.exec(line);
    if (!match || Number(match[1]) <= after) continue;
    out.push(JSON.parse(line) as EventEnvelope);
  }
  return out;
}
