import { appendFile, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import type { EventEnvelope } from '@planvas/shared';
import { useFixtureApp } from '../test-support/fixture-app';
import { EventLog } from './event-log';
import { engineHarness, tempRoot, todoTaskPlan, writeWorkflow } from '../test-support/run-harness';
import { LogIndexCache, SIDECAR_FILE, type LogFile } from './log-index-files';

/**
 * Pages of a finished run's log are read from an offset index (in memory, else the sidecar
 * `events.index.json`, else built from the log once), never by reading the log from its start:
 * the pages are exactly right after a restart and with the sidecar missing, stale or wrong, and a
 * later page reads only around its own events.
 */
const WF = 'Workflow/ResearchReport';

describe('GET /api/runs/:runId/events of a finished run', () => {
  const fixture = useFixtureApp('each');
  const logDir = (runId: string) => join(fixture.ws.root, WF, 'runs', runId);

  async function finishedRun(events: number): Promise<string> {
    const created = await fixture.app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } });
    const runId = created.json().runId as string;
    for (let from = 0; from < events; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, events - from) }, (_, i) => ({
        type: 'tick',
        data: { n: from + i, pad: 'p'.repeat((from + i) % 50) },
      }));
      expect((await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: batch })).statusCode).toBe(200);
    }
    await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'run_status', data: { status: 'completed' } } });
    // A restart closes everything: the log is then read as any finished run's.
    await fixture.restart();
    return runId;
  }

  async function allPages(runId: string, limit: number): Promise<number[]> {
    const seqs: number[] = [];
    for (let after = 0; ;) {
      const res = await fixture.app.inject({ url: `/api/runs/${runId}/events?after=${after}&limit=${limit}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { events: EventEnvelope[]; notices: unknown[] };
      expect(page.notices).toEqual([]);
      if (page.events.length === 0) return seqs;
      for (const e of page.events) {
        expect(e.type === 'tick' ? e.data['n'] : -1).toBe(e.seq === 1 || e.seq === 5002 ? -1 : e.seq - 2);
        seqs.push(e.seq);
      }
      after = page.events.at(-1)!.seq;
    }
  }

  const everySeq = Array.from({ length: 5002 }, (_, i) => i + 1);

  it('pages exactly, keeps a sidecar index, and rebuilds it when it is missing, stale or wrong', async () => {
    const runId = await finishedRun(5000);
    const sidecar = join(logDir(runId), SIDECAR_FILE);
    expect(await allPages(runId, 700)).toEqual(everySeq);
    const saved = JSON.parse(await readFile(sidecar, 'utf8')) as { size: number; checkpoints: Array<[number, number, number]>; tail: string };
    expect(saved.size).toBe((await stat(join(logDir(runId), 'events.jsonl'))).size);
    expect(saved.checkpoints.length).toBeGreaterThan(30);

    // Missing: rebuilt from the log and written again.
    await rm(sidecar);
    await fixture.restart();
    expect(await allPages(runId, 333)).toEqual(everySeq);
    expect(JSON.parse(await readFile(sidecar, 'utf8'))).toEqual(saved);

    // Wrong offsets that still look plausible (same size, same tail): noticed on use, rebuilt.
    const shifted = { ...saved, checkpoints: saved.checkpoints.map(([offset, line, max], i) => [i === 0 ? 0 : offset + 7, line, max]) };
    await writeFile(sidecar, JSON.stringify(shifted));
    await fixture.restart();
    expect(await allPages(runId, 2000)).toEqual(everySeq);

    // Not an index at all.
    await writeFile(sidecar, 'not json');
    await fixture.restart();
    expect(await allPages(runId, 5000)).toEqual(everySeq);

    // Stale: the log grew behind its back (what a crash leaves); the new lines are read too.
    await appendFile(
      join(logDir(runId), 'events.jsonl'),
      `${JSON.stringify({ seq: 5003, type: 'tick', timestamp: '2025-01-01T00:00:00.000Z', data: { n: 5001 } })}\n`,
    );
    await fixture.restart();
    const tail = (await fixture.app.inject({ url: `/api/runs/${runId}/events?after=5001` })).json() as { events: EventEnvelope[]; lastSeq: number };
    expect(tail.events.map((e) => e.seq)).toEqual([5002, 5003]);
    expect(tail.lastSeq).toBe(5003);
  });
});

describe('LogIndexCache reads', () => {
  let dir: string;
  useTempDir('planvas-pages-', (path) => (dir = path));

  /** Opens logs through a wrapper that records every read (position and length). */
  function countingCache(): { cache: LogIndexCache; reads: Array<{ position: number; length: number }> } {
    const reads: Array<{ position: number; length: number }> = [];
    const cache = new LogIndexCache({
      open: async (_root, path): Promise<LogFile> => {
        const handle = await open(path, 'r');
        return {
          read: async (buffer, offset, length, position) => {
            const result = await handle.read(buffer, offset, length, position);
            reads.push({ position, length: result.bytesRead });
            return result;
          },
          stat: () => handle.stat(),
          close: () => handle.close(),
        };
      },
    });
    return { cache, reads };
  }

  async function writeLog(events: number): Promise<{ path: string; size: number }> {
    const path = join(dir, 'events.jsonl');
    const log = await EventLog.open(path);
    for (let from = 0; from < events; from += 5000) {
      await log.append(
        Array.from({ length: Math.min(5000, events - from) }, (_, i) => ({ type: 'tick', data: { n: from + i, text: 'some payload of a typical event' } })),
      );
    }
    await log.close();
    return { path, size: (await stat(path)).size };
  }

  const bytesRead = (reads: Array<{ length: number }>) => reads.reduce((sum, r) => sum + r.length, 0);

  it('reads a later page from near its offset, not from the start of the log', async () => {
    const { path, size } = await writeLog(20_000);
    const { cache, reads } = countingCache();
    const late = await cache.readPage(dir, path, 19_000, 100);
    expect(late.events.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 19_001 + i));
    // The sidecar written at close told it where to start: nothing near the start was read.
    expect(Math.min(...reads.map((r) => r.position))).toBeGreaterThan(size * 0.9);
    expect(bytesRead(reads)).toBeLessThan(size * 0.05);

    reads.length = 0;
    const next = await cache.readPage(dir, path, 19_100, 100);
    expect(next.events[0]!.seq).toBe(19_101);
    expect(bytesRead(reads)).toBeLessThan(size * 0.05);
  });

  it('without a sidecar, builds the index with one pass and then reads pages by offset', async () => {
    const { path, size } = await writeLog(20_000);
    await rm(join(dir, SIDECAR_FILE));
    const { cache, reads } = countingCache();
    const first = await cache.readPage(dir, path, 10_000, 50);
    expect(first.events[0]!.seq).toBe(10_001);
    // One pass to index (the whole file once), plus the page.
    expect(bytesRead(reads)).toBeLessThan(size * 1.1);
    reads.length = 0;
    for (const after of [15_000, 2_000, 19_950]) {
      const page = await cache.readPage(dir, path, after, 50);
      expect(page.events.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => after + 1 + i));
    }
    expect(bytesRead(reads)).toBeLessThan(size * 0.1);
    // And it wrote the sidecar for the next reader.
    expect((await stat(join(dir, SIDECAR_FILE))).size).toBeGreaterThan(0);
  });
});

describe("reading a run's events right as it ends", () => {
  it('answers pages that were being read while the finished run\'s log closed (no "file closed")', async () => {
    const root = await tempRoot();
    await writeWorkflow(root.root, 'W', todoTaskPlan());
    const harness = await engineHarness(root, undefined);
    try {
      for (let round = 0; round < 5; round++) {
        const run = await harness.runs.create({ workflowId: 'W', provider: 'external' });
        for (let i = 0; i < 10; i++)
          await harness.runs.append(
            run.id,
            Array.from({ length: 2000 }, (_, n) => ({ type: 'step_status', data: { step_id: `s${n}`, status: 'running' } })),
          );
        // The final status is durable when append returns; the log is closed a moment later, under
        // readers that started on the still-open log (and some that start after it closed).
        await harness.runs.append(run.id, [{ type: 'run_status', data: { status: 'completed' } }]);
        const readers: Array<Promise<{ events: Array<{ seq: number }> }>> = [];
        for (let k = 0; k < 6; k++) {
          readers.push(harness.runs.eventsPage(run.id, k * 1000));
          await new Promise((resolve) => setImmediate(resolve));
        }
        const pages = await Promise.all(readers);
        pages.forEach((page, k) => expect(page.events[0]?.seq).toBe(k * 1000 + 1));
      }
    } finally {
      await harness.close();
      await root.cleanup();
    }
  });
});
