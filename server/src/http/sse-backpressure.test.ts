import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../plugins/error-handler';
import { eventually } from '../test-support/sse-client';
import { openEventStream, type EventStream } from './sse';
import { ViewerRegistry, resolveSseLimits } from './sse-viewers';

/**
 * openEventStream, the helper behind every stream (runs, GET /api/changes, a workflow's changes),
 * on a bare Fastify app: a viewer that does not read is cut off past the limit with its socket
 * reset and its queue freed; a reader is paced (ready()) instead of queued without bound.
 */
let app: FastifyInstance | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  app = undefined;
});

async function streamingApp(registry: ViewerRegistry): Promise<{ port: number; streams: EventStream[]; serverSockets: Socket[] }> {
  const streams: EventStream[] = [];
  const serverSockets: Socket[] = [];
  app = Fastify({ forceCloseConnections: true });
  await app.register(errorHandler);
  app.get('/stream', async (request, reply) => {
    streams.push(openEventStream(request, reply, { heartbeatMs: 10_000, viewers: registry }));
  });
  app.server.on('connection', (s: Socket) => serverSockets.push(s));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, streams, serverSockets };
}

async function rawRequest(port: number): Promise<{ socket: Socket; head: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  const head = new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(text);
    };
    socket.on('data', onData);
  });
  return { socket, head };
}

describe('openEventStream under a viewer that does not read', () => {
  it('cuts it off once more than maxBehindBytes is queued: socket reset, queue freed, place given back', async () => {
    const registry = new ViewerRegistry(resolveSseLimits({ maxBehindBytes: 256 * 1024, maxViewers: 10 }));
    const { port, streams, serverSockets } = await streamingApp(registry);
    const { head } = await rawRequest(port);
    expect(await head).toMatch(/^HTTP\/1\.1 200/);
    const [stream] = streams;
    const [socket] = serverSockets;
    expect(registry.count()).toBe(1);
    const frame = Buffer.from(`event: big\ndata: "${'z'.repeat(32 * 1024)}"\n\n`);
    let mostQueued = 0;
    for (let i = 0; i < 4096 && !stream!.closed; i++) {
      stream!.writeFrames(frame);
      mostQueued = Math.max(mostQueued, registry.bufferedBytes());
      if (i % 16 === 15) await new Promise((r) => setImmediate(r));
    }
    expect(stream!.closed).toBe(true);
    expect(socket!.destroyed).toBe(true);
    expect(mostQueued).toBeLessThanOrEqual(256 * 1024 + frame.length);
    expect(registry.count()).toBe(0);
    expect(registry.bufferedBytes()).toBe(0);
    expect(registry.cutOff).toBe(1);
    await eventually(() => socket!.writableLength === 0, 'the queue to be freed');
    expect(await stream!.ready()).toBe(false);
  });

  it('paces a writer with ready(): it waits while the viewer has not taken what is queued', async () => {
    const registry = new ViewerRegistry(resolveSseLimits({ maxBehindBytes: 256 * 1024 }));
    const { port, streams } = await streamingApp(registry);
    const { socket: client, head } = await rawRequest(port);
    await head;
    const [stream] = streams;
    const frame = `event: big\ndata: "${'q'.repeat(16 * 1024)}"\n\n`;
    // Fill until the helper asks the writer to wait; a paced writer is never cut off.
    let waiting: Promise<boolean> | undefined;
    for (let i = 0; i < 10_000; i++) {
      const ready = stream!.ready();
      const settled = await Promise.race([ready, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 20))]);
      if (settled === 'pending') {
        waiting = ready;
        break;
      }
      stream!.writeFrames(frame);
    }
    expect(waiting).toBeDefined();
    expect(stream!.closed).toBe(false);
    expect(registry.bufferedBytes()).toBeLessThanOrEqual(256 * 1024);
    client.resume();
    expect(await waiting).toBe(true);
    stream!.close();
  });

  it('refuses a stream past the cap with 503 in the one error shape, before anything is streamed', async () => {
    const registry = new ViewerRegistry(resolveSseLimits({ maxViewers: 1 }));
    await streamingApp(registry);
    const first = await app!.inject({ url: '/stream', headers: { accept: 'text/event-stream' }, payloadAsStream: true });
    expect(first.statusCode).toBe(200);
    const second = await app!.inject({ url: '/stream', headers: { accept: 'text/event-stream' } });
    expect(second.statusCode).toBe(503);
    expect(second.headers['retry-after']).toBe('5');
    expect(second.json()).toMatchObject({ statusCode: 503, code: 'too_many_viewers', details: [] });
    first.stream().destroy();
  });
});

describe('resolveSseLimits', () => {
  it('takes each option, else its environment variable, else the default', () => {
    expect(resolveSseLimits({}, {})).toEqual({ maxViewers: 1000, maxViewersPerRun: 100, maxBehindBytes: 1024 * 1024 });
    expect(
      resolveSseLimits({ maxViewers: 5 }, { PLANVAS_SSE_MAX_VIEWERS: '7', PLANVAS_SSE_MAX_VIEWERS_PER_RUN: '3', PLANVAS_SSE_MAX_BEHIND_BYTES: 'lots' }),
    ).toEqual({
      maxViewers: 5,
      maxViewersPerRun: 3,
      maxBehindBytes: 1024 * 1024,
    });
  });
});
