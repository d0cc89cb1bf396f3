import { afterEach, describe, expect, it } from 'vitest';
import { MAX_HEARTBEAT_MS, acceptsEventStream, resolveHeartbeatMs } from './sse';

afterEach(() => {
  delete process.env['PLANVAS_SSE_HEARTBEAT_MS'];
});

describe('acceptsEventStream', () => {
  it('admits text/event-stream and wildcards with q > 0, nothing else', () => {
    expect(acceptsEventStream('text/event-stream')).toBe(true);
    expect(acceptsEventStream('Text/Event-Stream; charset=utf-8')).toBe(true);
    expect(acceptsEventStream('text/html, */*;q=0.1')).toBe(true);
    expect(acceptsEventStream('text/*')).toBe(true);
    expect(acceptsEventStream('application/json')).toBe(false);
    expect(acceptsEventStream('text/event-stream;q=0')).toBe(false);
    expect(acceptsEventStream('')).toBe(false);
    expect(acceptsEventStream(undefined)).toBe(false);
  });
});

describe('resolveHeartbeatMs', () => {
  it('takes the option, else the environment, else 10 s, and never more than 15 s', () => {
    expect(resolveHeartbeatMs()).toBe(10_000);
    expect(resolveHeartbeatMs(200)).toBe(200);
    expect(resolveHeartbeatMs(60_000)).toBe(MAX_HEARTBEAT_MS);
    process.env['PLANVAS_SSE_HEARTBEAT_MS'] = '40';
    expect(resolveHeartbeatMs()).toBe(40);
    expect(resolveHeartbeatMs(300)).toBe(300);
    process.env['PLANVAS_SSE_HEARTBEAT_MS'] = 'soon';
    expect(resolveHeartbeatMs()).toBe(10_000);
  });
});
