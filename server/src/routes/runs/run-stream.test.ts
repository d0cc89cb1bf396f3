import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { waitForStatus, workflowRunsUrl } from '../../runs/run-test-support';
import { openStream } from './sse-test-client';
import { acceptsEventStream, resumePoint } from './sse';

let ws: TempWorkspace;
let app: FastifyInstance | undefined;
let base: string;

async function listen(options: Parameters<typeof appFor>[1] = {}): Promise<void> {
  const built = await appFor(ws, options);
  app = built;
  await built.listen({ port: 0, host: '127.0.0.1' });
  const address = built.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
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

describe('GET /api/runs/:runId/stream', () => {
  it('parses Accept and resume points', () => {
    expect(acceptsEventStream('text/event-stream')).toBe(true);
    expect(acceptsEventStream('text/html, */*;q=0.1')).toBe(true);
    expect(acceptsEventStream('application/json')).toBe(false);
    expect(acceptsEventStream('text/event-stream;q=0')).toBe(false);
    expect(acceptsEventStream(undefined)).toBe(false);
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
    const stream = await openStream(`${base}/api/runs/${runId}/stream`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    await stream.waitFor(() => stream.envelopes().some((e) => e.type === 'human_input_requested'), 'the human question');
    await server().inject({ method: 'POST', url: `/api/runs/${runId}/input`, payload: { answer: 'approve' } });
    await stream.waitFor(() => stream.envelopes().some((e) => e.type === 'run_status' && e.data['status'] === 'completed'), 'run end');
    const envelopes = stream.envelopes();
    expect(seqs(envelopes)).toEqual(envelopes.map((_, i) => i + 1));
    for (const frame of stream.frames) {
      const envelope = JSON.parse(frame.data!) as EventEnvelope;
      expect(frame.id).toBe(String(envelope.seq));
      expect(frame.event).toBe(envelope.type);
      expect(Object.keys(envelope)).toEqual(['seq', 'type', 'timestamp', 'data']);
    }
    const stored = (await server().inject({ url: `/api/runs/${runId}/events` })).json().events as EventEnvelope[];
    expect(envelopes).toEqual(stored);
    stream.drop();
  });

  it('resumes after a dropped connection from Last-Event-ID with no gap and no duplicate, while events keep coming', async () => {
    await listen();
    const runId = await externalRun();
    const received: EventEnvelope[] = [];
    let stream = await openStream(`${base}/api/runs/${runId}/stream?after=0`);
    const producer = (async () => {
      for (let batch = 0; batch < 40; batch++) {
        expect((await ingest(runId, batch * 10, 10)).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 3));
      }
    })();
    // Drop the connection three times mid-stream and reconnect as EventSource does.
    for (let drop = 0; drop < 3; drop++) {
      const target = received.length + stream.envelopes().length + 60;
      await stream.waitFor(() => received.length + stream.envelopes().length >= Math.min(target, 380), `event ${target}`);
      received.push(...stream.envelopes());
      stream.drop();
      await stream.ended;
      const lastId = String(received.at(-1)!.seq);
      stream = await openStream(`${base}/api/runs/${runId}/stream?after=0`, { accept: 'text/event-stream', 'last-event-id': lastId });
    }
    await producer;
    const total = 401; // run_status + 400 ingested
    await stream.waitFor(() => received.length + stream.envelopes().length >= total, 'all events');
    received.push(...stream.envelopes());
    expect(seqs(received)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(received.slice(1).map((e) => e.data['n'])).toEqual(Array.from({ length: 400 }, (_, i) => i));
    stream.drop();
  });

  it('replays from ?after= and sends heartbeat comments', async () => {
    process.env['PLANVAS_SSE_HEARTBEAT_MS'] = '40';
    await listen();
    const runId = await externalRun();
    await ingest(runId, 0, 5);
    const stream = await openStream(`${base}/api/runs/${runId}/stream?after=4`);
    await stream.waitFor(() => stream.envelopes().length >= 2 && stream.comments.includes('heartbeat'), 'replay and a heartbeat');
    expect(seqs(stream.envelopes())).toEqual([5, 6]);
    stream.drop();
  });

  it('accepts ?token= when the server requires an access token', async () => {
    await listen({ accessToken: 'sekret' });
    const created = await server().inject({ method: 'POST', url: '/api/runs', headers: { authorization: 'Bearer sekret' }, payload: { workflowId: 'Workflow/ResearchReport' } });
    const runId = created.json().runId as string;
    const denied = await openStream(`${base}/api/runs/${runId}/stream`);
    expect(denied.status).toBe(401);
    const stream = await openStream(`${base}/api/runs/${runId}/stream?token=sekret`);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => stream.envelopes().length === 1, 'the first event');
    stream.drop();
  });

  it('keeps serving after many clients connect and vanish', async () => {
    await listen();
    const runId = await externalRun();
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(`${base}/api/runs/${runId}/stream`)));
    for (const s of streams) s.drop();
    await ingest(runId, 0, 3);
    const after = await openStream(`${base}/api/runs/${runId}/stream`);
    await after.waitFor(() => after.envelopes().length === 4, 'events after the churn');
    after.drop();
    await waitForStatus(server(), runId, ['running']);
  });
});
