import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { announceReconnected, onConnectionSignal, openChangeStream, probeServer, type ConnectionSignal, type StreamSource } from './connection-signals';
import { createJsonRequest } from './request';

/** A double of an EventSource: frames and the browser's open / error events dispatched by name. */
class FakeSource implements StreamSource {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor() {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

const heard: ConnectionSignal[] = [];
const stopHearing = onConnectionSignal((signal) => heard.push(signal));
afterEach(() => {
  heard.length = 0;
  FakeSource.made = [];
});

describe('openChangeStream', () => {
  it('reports its openings and drops; a drop the browser retries by itself is left to it', () => {
    const frames: string[] = [];
    const stop = openChangeStream(() => new FakeSource(), { ready: (e) => frames.push(String(e.data)) });
    const source = FakeSource.made[0]!;
    source.emit('open');
    source.emit('ready', 'r1');
    source.emit('error');
    announceReconnected();
    expect(heard).toEqual(['reached', 'lost']);
    expect(frames).toEqual(['r1']);
    expect(FakeSource.made).toHaveLength(1);
    stop();
    expect(source.closed).toBe(true);
    source.emit('ready', 'late');
    expect(frames).toEqual(['r1']);
  });

  it('a stream the browser gave up on opens again once the server is back, with its listeners', () => {
    const frames: string[] = [];
    const stop = openChangeStream(() => new FakeSource(), { ready: (e) => frames.push(String(e.data)) });
    const first = FakeSource.made[0]!;
    first.readyState = 2;
    first.emit('error');
    expect(FakeSource.made).toHaveLength(1);
    announceReconnected();
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.emit('ready', 'again');
    expect(frames).toEqual(['again']);
    // Once is enough: a later reconnect does not open a third.
    announceReconnected();
    expect(FakeSource.made).toHaveLength(2);
    stop();
    expect(FakeSource.made[1]!.closed).toBe(true);
  });

  it('closed meanwhile, it does not open again', () => {
    const stop = openChangeStream(() => new FakeSource(), {});
    const first = FakeSource.made[0]!;
    first.readyState = 2;
    first.emit('error');
    stop();
    announceReconnected();
    expect(FakeSource.made).toHaveLength(1);
  });
});

describe('requests and the probe', () => {
  it('a request that cannot connect says lost, any answer of the server reached, a gateway error lost', async () => {
    const failing = createJsonRequest('', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing('/api/workflows')).rejects.toMatchObject({ code: 'network' });
    const answering = createJsonRequest('', () => Promise.resolve(new Response('{}', { status: 404 })));
    await expect(answering('/api/nope')).rejects.toBeDefined();
    const gateway = createJsonRequest('', () => Promise.resolve(new Response('', { status: 502 })));
    await expect(gateway('/api/workflows')).rejects.toBeDefined();
    expect(heard).toEqual(['lost', 'reached', 'lost']);
  });

  it('probeServer: an answer of the server (a 401 too) is reachable; no connection or a 504 is not', async () => {
    expect(await probeServer(() => Promise.resolve(new Response('', { status: 401 })))).toBe(true);
    expect(await probeServer(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
    expect(await probeServer(() => Promise.resolve(new Response('', { status: 504 })))).toBe(false);
  });
});

afterAll(stopHearing);
