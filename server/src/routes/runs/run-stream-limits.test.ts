import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@planvas/shared';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from '../../test-support/fixture-workspace';
import { listenOnLoopback } from '../../test-support/fixture-app';
import { eventually, openSse, type SseClient } from '../../test-support/sse-client';

/**
 * What viewers of event streams may cost the server: a viewer that stops reading is cut off once
 * it is about 1 MiB behind (its socket destroyed, what was queued for it freed), and the number of
 * viewers is capped per run and in all (503 in the one error shape past the cap). Real listening
 * server, raw sockets; the only waits are generous upper bounds.
 */
const WF = 'Workflow/ResearchReport';
const LIMIT_ENV = ['PLANVAS_SSE_MAX_VIEWERS', 'PLANVAS_SSE_MAX_VIEWERS_PER_RUN', 'PLANVAS_SSE_MAX_BEHIND_BYTES'];

let ws: TempWorkspace;
let app: FastifyInstance | undefined;
let base: string;
let port: number;
/** The server side of every connection, in accept order. */
let serverSockets: Socket[];
const cleanups: Array<() => void> = [];

beforeEach(async () => {
  ws = await copyFixtureWorkspace();
  serverSockets = [];
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const name of LIMIT_ENV) delete process.env[name];
  await app?.close();
  app = undefined;
  await ws.cleanup();
});

async function listen(): Promise<FastifyInstance> {
  const built = await appFor(ws);
  built.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  app = built;
  base = await listenOnLoopback(built);
  port = Number(new URL(base).port);
  return built;
}

async function externalRun(server: FastifyInstance): Promise<string> {
  const created = await server.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: WF } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().runId as string;
}

/** A client that sends the request, reads the response head, and then never reads again. */
async function stalledViewer(path: string): Promise<{ socket: Socket; head: string; received: () => number; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  let received = 0;
  let head = '';
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  socket.on('close', () => markClosed());
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
  });
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  return { socket, head, received: () => received, closed };
}

const BIG = 'x'.repeat(64 * 1024);

describe('a viewer that stops reading', () => {
  it('is cut off about 1 MiB behind: its socket destroyed and what was queued for it freed', async () => {
    const server = await listen();
    const runId = await externalRun(server);
    const viewers = [await stalledViewer(`/api/runs/${runId}/stream`), await stalledViewer(`/api/runs/${runId}/stream`)];
    expect(viewers.map((v) => v.head.split('\r\n')[0])).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    const streamSockets = serverSockets.slice();
    expect(streamSockets).toHaveLength(2);

    // Large events until the server has given up on both (at most 96 MiB: far past any kernel buffer).
    let emitted = 0;
    let mostQueued = 0;
    for (let batch = 0; batch < 96 && !streamSockets.every((s) => s.destroyed); batch++) {
      const res = await server.inject({
        method: 'POST',
        url: `/api/runs/${runId}/events`,
        payload: Array.from({ length: 16 }, (_, i) => ({ type: 'big', data: { i, text: BIG } })),
      });
      expect(res.statusCode).toBe(200);
      emitted += 16 * BIG.length;
      mostQueued = Math.max(mostQueued, ...streamSockets.map((s) => s.writableLength));
    }
    expect(streamSockets.every((s) => s.destroyed)).toBe(true);
    // Never more queued for one viewer than the limit plus one batch of frames.
    expect(mostQueued).toBeLessThan(1024 * 1024 + 17 * (BIG.length + 200));
    await eventually(() => streamSockets.every((s) => s.writableLength === 0), 'the queued bytes to be freed');

    // The viewers see their connection end, short of what was emitted.
    for (const viewer of viewers) {
      viewer.socket.resume();
      await viewer.closed;
      expect(viewer.received()).toBeLessThan(emitted);
    }

    // The server is fine: a viewer that reads gets every event, replayed from the log at its pace.
    const reader = await openSse(`${base}/api/runs/${runId}/stream`);
    const lastSeq = (await server.inject({ url: `/api/runs/${runId}/events?after=999999` })).json().lastSeq as number;
    await eventually(() => reader.events.length >= lastSeq, 'the whole replay');
    expect(reader.events.map((e) => (e.data as EventEnvelope).seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
    reader.close();
  });
});

describe('viewer caps', () => {
  it('answers 503 too_many_viewers past the per-run cap and past the total, and admits again once one leaves', async () => {
    process.env['PLANVAS_SSE_MAX_VIEWERS_PER_RUN'] = '2';
    process.env['PLANVAS_SSE_MAX_VIEWERS'] = '3';
    const server = await listen();
    const [runA, runB] = [await externalRun(server), await externalRun(server)];
    const open: SseClient[] = [];
    const track = async (path: string) => {
      const stream = await openSse(`${base}${path}`);
      cleanups.push(() => stream.close());
      return stream;
    };
    open.push(await track(`/api/runs/${runA}/stream`), await track(`/api/runs/${runA}/stream`));
    expect(open.map((s) => s.status)).toEqual([200, 200]);

    const thirdOnA = await track(`/api/runs/${runA}/stream`);
    expect(thirdOnA.status).toBe(503);
    await thirdOnA.ended;
    const body = JSON.parse(thirdOnA.body()) as { statusCode: number; code: string; message: string; details: unknown[] };
    expect(body).toMatchObject({ statusCode: 503, code: 'too_many_viewers' });
    expect(typeof body.message).toBe('string');
    expect(Array.isArray(body.details)).toBe(true);
    expect(thirdOnA.headers['content-type']).toMatch(/^application\/json/);

    const onB = await track(`/api/runs/${runB}/stream`);
    expect(onB.status).toBe(200);
    // Three streams in all: another run's stream and the change stream are refused too.
    const changes = await track('/api/changes');
    expect(changes.status).toBe(503);
    expect((await track(`/api/runs/${runB}/stream`)).status).toBe(503);

    open[0]!.close();
    let again: SseClient | undefined;
    await eventually(async () => {
      again = await track(`/api/runs/${runA}/stream`);
      if (again.status !== 200) await again.ended;
      return again.status === 200;
    }, 'a place once a viewer left');
    expect(again!.status).toBe(200);
  });
});
