import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { listenOnLoopback } from '../../test-support/fixture-app';
import { eventually, openSse, type SseClient } from '../../test-support/sse-client';
import { waitForStatus, workflowRunsUrl } from '../../test-support/run-harness';
import { resumePoint } from './sse';

let ws: TempWorkspace;
let app: FastifyInstance | undefined;
let base: string;

async function listen(options: Parameters<typeof appFor>[1] = {}): Promise<void> {
  app = await appFor(ws, options);
  base = await listenOnLoopback(app);
}

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
});
afterEach(async () => {
  delete process.env['PLANVAS_SSE_HEARTBEAT_MS'];
  await app?.close();
  app = undefined;
  await ws.cleanup();
});

async function externalRun(): Promise<string> {
  const created = await server().inject({ method: 'POST', url: '/api/runs', payload: { workflowId: 'Workflow/ResearchReport' } });
  expect(created.statusCode).toBe(201);
  return created.json().runId as string;
}

function ingest(runId: string, from: number, count: number) {
  return server().inject({
    method: 'POST',
    url: `/api/runs/${runId}/events`,
    payload: Array.from({ length: count }, (_, i) => ({ type: 'custom_tick', data: { n: from + i } })),
  });
}

const server = () => {
  if (!app) throw new Error('no app');
  return app;
};
const seqs = (events: EventEnvelope[]) => events.map((e) => e.seq);
/** Every event of a run stream so far (each frame's data is one envelope). */
const envelopes = (stream: SseClient) => stream.events.map((e) => e.data as EventEnvelope);

describe('GET /api/runs/:runId/stream', () => {
  // Accept parsing is http/sse's (tested there); the resume point is this route's own.
  it('parses resume points: Last-Event-ID wins over ?after=', () => {
    expect(resumePoint('12', '3')).toEqual({ ok: true, after: 12 });
    expect(resumePoint(undefined, '3')).toEqual({ ok: true, after: 3 });
    expect(resumePoint('x', undefined)).toEqual({ ok: false, field: 'Last-Event-ID' });
  });

  it('answers 406 to a non-SSE Accept and 404 for an unknown run', async () => {
    await listen();
    const runId = await externalRun();
    const refused = await server().inject({ url: `/api/runs/${runId}/stream`, headers: { accept: 'application/json' } });
    expect(refused.statusCode).toBe(406);
    expect(refused.json()).toMatchObject({ code: 'not_acceptable', details: [{ path: 'Accept' }] });
    expect((await server().inject({ url: '/api/runs/20990101-000000-abcdef/stream', headers: { accept: 'text/event-stream' } })).statusCode).toBe(404);
    expect((await server().inject({ url: `/api/runs/${runId}/stream?after=-1`, headers: { accept: 'text/event-stream' } })).statusCode).toBe(400);
  });

  it('follows a scripted run from its first event to the end over one connection, frames as specified', async () => {
    await listen();
    const start = await server().inject({ method: 'POST', url: workflowRunsUrl('Workflow/ResearchReport'), payload: { paceMs: 0 } });
    const runId = start.json().runId as string;
    const stream = await openSse(`${base}/api/runs/${runId}/stream`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    await eventually(() => envelopes(stream).some((e) => e.type === 'human_input_requested'), 'the human question');
    await server().inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'approve' } });
    await eventually(() => envelopes(stream).some((e) => e.type === 'run_status' && e.data['status'] === 'completed'), 'run end');
    const received = envelopes(stream);
    expect(seqs(received)).toEqual(received.map((_, i) => i + 1));
    for (const frame of stream.events) {
      const envelope = frame.data as EventEnvelope;
      expect(frame.id).toBe(String(envelope.seq));
      expect(frame.event).toBe(envelope.type);
      expect(Object.keys(envelope)).toEqual(['seq', 'type', 'timestamp', 'data']);
    }
    const stored = (await server().inject({ url: `/api/runs/${runId}/events` })).json().events as EventEnvelope[];
    expect(received).toEqual(stored);
    stream.close();
  });

  it('resumes after a dropped connection from Last-Event-ID with no gap and no duplicate, while events keep coming', async () => {
    await listen();
    const runId = await externalRun();
    const received: EventEnvelope[] = [];
    let stream = await openSse(`${base}/api/runs/${runId}/stream?after=0`);
    const producer = (async () => {
      for (let batch = 0; batch < 40; batch++) {
        expect((await ingest(runId, batch * 10, 10)).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 3));
      }
    })();
    // Drop the connection three times mid-stream and reconnect as EventSource does.
    for (let drop = 0; drop < 3; drop++) {
      const target = received.length + envelopes(stream).length + 60;
      await eventually(() => received.length + envelopes(stream).length >= Math.min(target, 380), `event ${target}`);
      received.push(...envelopes(stream));
      stream.close();
      await stream.ended;
      const lastId = String(received.at(-1)!.seq);
      stream = await openSse(`${base}/api/runs/${runId}/stream?after=0`, { accept: 'text/event-stream', 'last-event-id': lastId });
    }
    await producer;
    const total = 401; // run_status + 400 ingested
    await eventually(() => received.length + envelopes(stream).length >= total, 'all events');
    received.push(...envelopes(stream));
    expect(seqs(received)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(received.slice(1).map((e) => e.data['n'])).toEqual(Array.from({ length: 400 }, (_, i) => i));
    stream.close();
  });

  it('replays from ?after= and sends heartbeat comments', async () => {
    process.env['PLANVAS_SSE_HEARTBEAT_MS'] = '40';
    await listen();
    const runId = await externalRun();
    await ingest(runId, 0, 5);
    const stream = await openSse(`${base}/api/runs/${runId}/stream?after=4`);
    await eventually(() => envelopes(stream).length >= 2 && stream.comments.includes('heartbeat'), 'replay and a heartbeat');
    expect(seqs(envelopes(stream))).toEqual([5, 6]);
    stream.close();
  });

  it('accepts ?token= when the server requires an access token', async () => {
    await listen({ accessToken: 'sekret' });
    const created = await server().inject({
      method: 'POST',
      url: '/api/runs',
      headers: { authorization: 'Bearer sekret' },
      payload: { workflowId: 'Workflow/ResearchReport' },
    });
    const runId = created.json().runId as string;
    const denied = await openSse(`${base}/api/runs/${runId}/stream`);
    expect(denied.status).toBe(401);
    const stream = await openSse(`${base}/api/runs/${runId}/stream?token=sekret`);
    expect(stream.status).toBe(200);
    await eventually(() => envelopes(stream).length === 1, 'the first event');
    stream.close();
  });

  it('keeps serving after many clients connect and vanish', async () => {
    await listen();
    const runId = await externalRun();
    const streams = await Promise.all(Array.from({ length: 20 }, () => openSse(`${base}/api/runs/${runId}/stream`)));
    for (const s of streams) s.close();
    await ingest(runId, 0, 3);
    const after = await openSse(`${base}/api/runs/${runId}/stream`);
    await eventually(() => envelopes(after).length === 4, 'events after the churn');
    after.close();
    await waitForStatus(server(), runId, ['running']);
  });
});
