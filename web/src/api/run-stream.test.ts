import { isEvent, knownEvent, type EventEnvelope } from '@planvas/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followRun, type StreamState } from './run-stream';
import { FakeEventSource } from '../test/fake-event-source';
import { createRunsApi } from './runs-api';

function ev(seq: number, type = 'step_status', data: Record<string, unknown> = { step_id: 's', status: 'running' }): EventEnvelope {
  return { seq, type, timestamp: `2026-01-01T00:00:${String(seq % 60).padStart(2, '0')}Z`, data };
}

/** A double of the browser's fetch answering GET /events from a log, a few events per page. */
function fakeFetch(log: EventEnvelope[], options: { pageSize?: number; offline?: () => boolean; corrupt?: readonly number[] } = {}) {
  const calls: string[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://planvas.test');
    calls.push(`${url.pathname}${url.search}`);
    if (options.offline?.()) throw new TypeError('Failed to fetch');
    const after = Number(url.searchParams.get('after') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000), options.pageSize ?? 1000);
    const page = log.filter((e) => e.seq > after).slice(0, limit);
    // A damaged line is skipped with a notice that cannot name its seq (docs/api.md "Runs").
    const corrupt = page.filter((e) => options.corrupt?.includes(e.seq));
    const events = page.filter((e) => !corrupt.includes(e));
    const notices = corrupt.map((e) => ({ code: 'log_corrupt', line: e.seq, message: 'damaged' }));
    return new Response(JSON.stringify({ events, notices }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetchDouble as unknown as typeof fetch, calls };
}

function follow(log: EventEnvelope[], extra: { after?: number; pageSize?: number; offline?: () => boolean; corrupt?: readonly number[] } = {}) {
  const api = createRunsApi({ fetch: fakeFetch(log, extra).fetch });
  const received: EventEnvelope[] = [];
  const states: StreamState[] = [];
  const stream = followRun({
    runId: 'run-1',
    after: extra.after ?? 0,
    onEvents: (events) => received.push(...events),
    onState: (s) => states.push(s),
    fetchEvents: (runId, after, signal) => api.getEvents(runId, after, 1000, signal),
    createEventSource: (url) => new FakeEventSource(url),
    flushDelayMs: 0,
    pollIntervalMs: 1000,
    sseRetryMs: 10_000,
  });
  return { stream, received, states, seqs: () => received.map((e) => e.seq) };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('followRun', () => {
  it('follows the run from the seq it already holds and hands events over in order', () => {
    const { received, states } = follow([], { after: 4 });
    const es = FakeEventSource.last();
    expect(es.url).toBe('/api/runs/run-1/stream?after=4');
    es.open();
    es.send(ev(5));
    es.send(ev(6, 'todo_task_item_created', { step_id: 's', step_index: 0, step_path: 'p', todo_id: 't', title: 'T' }));
    expect(received.map((e) => [e.seq, e.type])).toEqual([
      [5, 'step_status'],
      [6, 'todo_task_item_created'],
    ]);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('drops an event it already delivered (a replay after reconnecting)', () => {
    const { seqs } = follow([]);
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(2));
    es.send(ev(2));
    es.send(ev(1));
    es.send(ev(3));
    expect(seqs()).toEqual([1, 2, 3]);
  });

  it('reconnects after a drop with ?after=<last seq>, and a replayed overlap is not shown twice', async () => {
    const log = [ev(1), ev(2), ev(3), ev(4)];
    const { seqs, states } = follow(log);
    const first = FakeEventSource.last();
    first.open();
    first.send(ev(1));
    first.send(ev(2));
    first.fail();
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(300);
    const second = FakeEventSource.last();
    expect(second).not.toBe(first);
    expect(second.url).toBe('/api/runs/run-1/stream?after=2');
    second.open();
    // A server that resumes one too early still shows nothing twice.
    second.send(ev(2));
    second.send(ev(3));
    second.send(ev(4));
    expect(seqs()).toEqual([1, 2, 3, 4]);
  });

  it('fills a hole in the stream from GET /events and releases the events in seq order', async () => {
    const log = [1, 2, 3, 4, 5, 6].map((n) => ev(n));
    const { seqs } = follow(log, { pageSize: 2 });
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(5));
    expect(seqs()).toEqual([1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
    es.send(ev(3));
    es.send(ev(6));
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('passes over a damaged log line the server skipped, instead of waiting for its seq forever', async () => {
    const log = [1, 2, 3, 4, 5, 6].map((n) => ev(n));
    const { seqs } = follow(log, { pageSize: 2, corrupt: [3] });
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(seqs()).toEqual([1, 2, 4, 5, 6]);
  });

  it('takes a notice frame naming a skipped seq as passed', async () => {
    const { seqs } = follow([]);
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(3));
    es.sendFrame('notice', { code: 'log_corrupt', line: 2, seq: 2, message: 'damaged' });
    await vi.advanceTimersByTimeAsync(0);
    expect(seqs()).toEqual([1, 3]);
  });

  it("gets events of types it does not listen for (an external runtime's own) through the gap fill", async () => {
    const custom = ev(2, 'my_runtime_tick', { step_id: 's' });
    const log = [ev(1), custom, ev(3)];
    const { received } = follow(log);
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(custom); // no listener for this name: the browser never reports it
    es.send(ev(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(received.map((e) => e.type)).toEqual(['step_status', 'my_runtime_tick', 'step_status']);
  });

  it('falls back to polling after repeated failed connections, then tries SSE again', async () => {
    const log = [ev(1), ev(2)];
    const { seqs, states, stream } = follow(log);
    FakeEventSource.last().fail();
    await vi.advanceTimersByTimeAsync(5000);
    FakeEventSource.last().fail();
    await vi.advanceTimersByTimeAsync(5000);
    FakeEventSource.last().fail();
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(stream.state).toBe('polling');
    await vi.advanceTimersByTimeAsync(0);
    expect(seqs()).toEqual([1, 2]);
    log.push(ev(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(seqs()).toEqual([1, 2, 3]);
    // No new EventSource while polling, until the retry interval.
    expect(FakeEventSource.instances).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.instances).toHaveLength(4);
    expect(FakeEventSource.last().url).toBe('/api/runs/run-1/stream?after=3');
    expect(states).toContain('polling');
    FakeEventSource.last().send(ev(4));
    expect(seqs()).toEqual([1, 2, 3, 4]);
  });

  it('keeps polling through an offline spell and loses nothing', async () => {
    let offline = false;
    const log = [ev(1)];
    const { seqs, stream } = follow(log, { offline: () => offline });
    FakeEventSource.last().send(ev(1));
    offline = true;
    // The first drop follows a healthy connection, so it does not count as a failure.
    for (let i = 0; i < 4; i++) {
      FakeEventSource.last().fail();
      await vi.advanceTimersByTimeAsync(5000);
    }
    expect(stream.state).toBe('polling');
    log.push(ev(2), ev(3));
    await vi.advanceTimersByTimeAsync(3000);
    expect(seqs()).toEqual([1]);
    offline = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seqs()).toEqual([1, 2, 3]);
  });

  it("ends by itself after the run's final status, picking up anything stored after it", async () => {
    const end = ev(3, 'run_status', { status: 'completed' });
    const trailing = ev(4, 'my_runtime_summary', {});
    const log = [ev(1), ev(2), end, trailing];
    const { seqs, stream, states } = follow(log);
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(2));
    es.send(end);
    await vi.advanceTimersByTimeAsync(0);
    expect(seqs()).toEqual([1, 2, 3, 4]);
    expect(stream.state).toBe('ended');
    expect(states.at(-1)).toBe('ended');
    expect(es.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('stops everything on close and delivers nothing afterwards', async () => {
    const { seqs, stream } = follow([ev(1), ev(2)]);
    const es = FakeEventSource.last();
    es.send(ev(1));
    stream.close();
    expect(es.closed).toBe(true);
    es.send(ev(2));
    es.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seqs()).toEqual([1]);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stream.state).toBe('closed');
  });

  it('batches events arriving close together into one hand-over', async () => {
    const batches: number[][] = [];
    followRun({
      runId: 'r',
      onEvents: (events) => batches.push(events.map((e) => e.seq)),
      fetchEvents: async () => ({ events: [], skippedSeqs: [] }),
      createEventSource: (url) => new FakeEventSource(url),
      flushDelayMs: 20,
    });
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(ev(2));
    es.send(ev(3));
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('ignores frames whose data is not an event envelope', () => {
    const { seqs } = follow([]);
    const es = FakeEventSource.last();
    const listenersOf = (es as unknown as { listeners: Map<string, Array<(e: MessageEvent) => void>> }).listeners;
    for (const listener of listenersOf.get('step_status') ?? []) listener(new MessageEvent('step_status', { data: 'not json' }));
    for (const listener of listenersOf.get('step_status') ?? []) listener(new MessageEvent('step_status', { data: '{"seq":"x"}' }));
    es.send(ev(1));
    expect(seqs()).toEqual([1]);
  });

  it('checks known payloads at the edge: a bad one is delivered (its seq counts) but never read as its type', async () => {
    const badStatus = ev(2, 'step_status', { step_id: 's', status: 'sleeping' });
    const badEnd = ev(4, 'run_status', { status: 'completed', parent: 'not an object' });
    const { received, stream } = follow([ev(1), badStatus, ev(3, 'my_runtime_event', { status: 'completed' }), badEnd]);
    const es = FakeEventSource.last();
    es.send(ev(1));
    es.send(badStatus);
    expect(received.map((e) => [e.seq, isEvent(e, 'step_status')])).toEqual([
      [1, true],
      [2, false],
    ]);
    // The unknown type arrives through the gap fill; the final status ends the stream, bad field or not.
    es.send(badEnd);
    await vi.advanceTimersByTimeAsync(0);
    expect(received.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(knownEvent(received[2]!)).toBeUndefined();
    expect(isEvent(received[3]!, 'run_status')).toBe(false);
    expect(stream.state).toBe('ended');
  });
});
