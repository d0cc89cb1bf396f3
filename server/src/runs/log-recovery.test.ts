import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planvas/shared';
import { listenOnLoopback, useFixtureApp } from '../test-support/fixture-app';
import { eventually, openSse } from '../test-support/sse-client';
import { runSummary } from '../test-support/run-harness';

/**
 * A run's log is the record; the index row and any reader must survive what a crash or a stray
 * edit leaves in it: a corrupt complete line is skipped with a `log_corrupt` notice (never a 500
 * for the whole run), and counts that a crash left stale in the index are rebuilt from the log.
 */
const WF = 'Workflow/ResearchReport';
const fixture = useFixtureApp('each');

async function externalRun(): Promise<string> {
  const created = await fixture.app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().runId as string;
}

async function ingest(runId: string, events: Array<{ type: string; data: Record<string, unknown> }>) {
  const res = await fixture.app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accepted: number; firstSeq: number; lastSeq: number };
}

const logOf = (runId: string) => join(fixture.ws.root, WF, 'runs', runId, 'events.jsonl');
const ticks = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ type: 'tick', data: { n: from + i } }));
const line = (seq: number, type: string, data: Record<string, unknown>) => JSON.stringify({ seq, type, timestamp: '2025-06-12T09:00:00.000Z', data });

interface Notice {
  code: string;
  line: number;
  seq?: number;
  message: string;
}

describe('a corrupt complete line in a run log', () => {
  /** Lines: 1 seq1, 2 seq2, 3 corrupt seq3, 4 seq4, 5 seq5, 6 garbage, 7 seq6, 8 seq7 (completed). */
  async function corruptFinishedRun(): Promise<string> {
    const runId = await externalRun();
    await ingest(runId, [...ticks(0, 5), { type: 'run_status', data: { status: 'completed' } }]);
    // Stopped, so no open log handle races the edit below.
    await fixture.app.close();
    const lines = (await readFile(logOf(runId), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    lines[2] = '{"seq":3,"type":"tick","timestamp":"2025-06-12T09:00:00.000Z","data":{"n":1';
    lines.splice(5, 0, 'this line is not JSON at all');
    await writeFile(logOf(runId), `${lines.join('\n')}\n`);
    await fixture.restart();
    return runId;
  }

  it('is skipped with a log_corrupt notice on the events page, never a 500', async () => {
    const runId = await corruptFinishedRun();
    const all = await fixture.app.inject({ url: `/api/runs/${runId}/events` });
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json().events as EventEnvelope[]).map((e) => e.seq)).toEqual([1, 2, 4, 5, 6, 7]);
    const notices = all.json().notices as Notice[];
    expect(notices.map((n) => [n.code, n.line, n.seq])).toEqual([
      ['log_corrupt', 3, 3],
      ['log_corrupt', 6, undefined],
    ]);
    for (const n of notices) expect(n.message).toMatch(/^Line \d+ of the run.s event log was skipped/);
    expect(all.json().lastSeq).toBe(7);

    // Each notice comes once across pages: with the page whose range holds the line.
    const page = async (after: number, limit: number) =>
      (await fixture.app.inject({ url: `/api/runs/${runId}/events?after=${after}&limit=${limit}` })).json() as { events: EventEnvelope[]; notices: Notice[] };
    const first = await page(0, 2);
    expect([first.events.map((e) => e.seq), first.notices.map((n) => n.line)]).toEqual([[1, 2], []]);
    const second = await page(2, 2);
    expect([second.events.map((e) => e.seq), second.notices.map((n) => n.line)]).toEqual([[4, 5], [3]]);
    const third = await page(5, 10);
    expect([third.events.map((e) => e.seq), third.notices.map((n) => n.line)]).toEqual([[6, 7], [6]]);

    // The branch snapshot reader and a restart read the same log without failing.
    expect((await fixture.app.inject({ url: `/api/runs/${runId}/snapshot?iteration=1` })).statusCode).toBe(404);
    await fixture.restart();
    expect((await fixture.app.inject({ url: `/api/runs/${runId}/events` })).json().notices).toHaveLength(2);
  });

  it('is announced on the stream as a notice event, and the stream goes on', async () => {
    const runId = await corruptFinishedRun();
    const base = await listenOnLoopback(fixture.app);
    const stream = await openSse(`${base}/api/runs/${runId}/stream`);
    expect(stream.status).toBe(200);
    await eventually(() => stream.events.some((e) => e.event === 'run_status' && (e.data as EventEnvelope).data['status'] === 'completed'), 'the run end');
    expect(stream.events.filter((e) => e.event !== 'notice').map((e) => (e.data as EventEnvelope).seq)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(stream.of<Notice>('notice').map((n) => [n.code, n.line])).toEqual([
      ['log_corrupt', 3],
      ['log_corrupt', 6],
    ]);
    stream.close();
  });

  it('in a run that is still open is skipped too, and ingest goes on after it', async () => {
    const runId = await externalRun();
    await ingest(runId, ticks(0, 3));
    await fixture.app.close();
    await appendFile(logOf(runId), `${line(5, 'tick', { n: 9 }).slice(0, -3)}}\n`);
    const app = await fixture.restart();
    const page = await app.inject({ url: `/api/runs/${runId}/events` });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().events as EventEnvelope[]).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((page.json().notices as Notice[]).map((n) => n.line)).toEqual([5]);
    const more = await ingest(runId, ticks(10, 1));
    expect(more.firstSeq).toBeGreaterThan(4);
    const after = await app.inject({ url: `/api/runs/${runId}/events?after=4` });
    expect((after.json().events as EventEnvelope[]).map((e) => e.data['n'])).toEqual([10]);
  });
});

describe('the run index after a crash between the log append and the index update', () => {
  it('is rebuilt from the log on start: counts, lastSeq, status, and ingest continues at the right seq', async () => {
    const runId = await externalRun();
    await ingest(runId, ticks(0, 2));
    expect(await runSummary(fixture.app, runId)).toMatchObject({ eventCount: 3 });
    await fixture.app.close();
    // What the crash left: events in the log that the index never heard of.
    await appendFile(
      logOf(runId),
      [
        line(4, 'todo_task_item_created', {
          step_index: 0,
          step_path: 'step-1',
          step_id: 'research-todo',
          todo_id: 't1',
          title: 'One',
          description: '',
          priority: 'high',
          created_by: 'x',
        }),
        line(5, 'todo_task_item_created', {
          step_index: 0,
          step_path: 'step-1',
          step_id: 'research-todo',
          todo_id: 't2',
          title: 'Two',
          description: '',
          priority: 'high',
          created_by: 'x',
        }),
        line(6, 'todo_task_item_completed', { todo_id: 't1', title: 'One', result: 'ok', completed_by: 'x' }),
        '',
      ].join('\n'),
    );
    const app = await fixture.restart();
    const run = await runSummary(app, runId);
    expect(run).toMatchObject({ eventCount: 6, status: 'running', todos: { completed: 1, total: 2 } });
    expect((await app.inject({ url: `/api/runs/${runId}/events?after=6` })).json().lastSeq).toBe(6);
    const next = await ingest(runId, ticks(2, 1));
    expect(next).toEqual({ accepted: 1, firstSeq: 7, lastSeq: 7 });
    expect(await runSummary(app, runId)).toMatchObject({ eventCount: 7 });
  });

  it('a run whose end is in the log but not in the index shows as ended and takes no more events', async () => {
    const runId = await externalRun();
    await fixture.app.close();
    await appendFile(logOf(runId), `${line(2, 'run_status', { status: 'completed' })}\n`);
    const app = await fixture.restart();
    expect(await runSummary(app, runId)).toMatchObject({ status: 'completed', eventCount: 2 });
    expect((await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'tick', data: {} } })).statusCode).toBe(409);
  });
});
