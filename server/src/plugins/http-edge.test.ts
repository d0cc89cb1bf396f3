import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, type TempWorkspace } from '../test-support/fixture-workspace';
import { dribbledRequest, listenOnLoopback, rawRequest, requestText } from '../test-support/raw-http';

/**
 * The HTTP edge as a real listening server sees it, over raw sockets: request forms a browser or
 * inject() never sends (absolute-form targets, dot segments, two Host headers, broken framing,
 * bodies that never finish).
 */
let ws: TempWorkspace;
let tokenApp: FastifyInstance;
let localApp: FastifyInstance;
let slowApp: FastifyInstance;
let tokenPort: number;
let localPort: number;
let slowPort: number;
let webApp: FastifyInstance;
let webPort: number;
const INDEX = '<!doctype html><title>planvas</title>';
const HANDLER_MS = 700;
const TOKEN = 'edge-token';
const SLOW_REQUEST_TIMEOUT_MS = 300;

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  tokenApp = await appFor({ ...ws, dataDir: join(ws.base, 'data-token') }, { accessToken: TOKEN });
  localApp = await appFor({ ...ws, dataDir: join(ws.base, 'data-local') });
  slowApp = await appFor({ ...ws, dataDir: join(ws.base, 'data-slow') }, { requestTimeoutMs: SLOW_REQUEST_TIMEOUT_MS });
  // A route that takes longer than the request timeout once the request is in (a sub-agent call, an event stream).
  slowApp.post('/api/test/slow-handler', async () => {
    await new Promise((resolve) => setTimeout(resolve, HANDLER_MS));
    return { done: true };
  });
  const webDist = join(ws.base, 'dist');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), INDEX);
  webApp = await appFor({ ...ws, dataDir: join(ws.base, 'data-web') }, { accessToken: TOKEN, webDist });
  tokenPort = await listenOnLoopback(tokenApp);
  localPort = await listenOnLoopback(localApp);
  slowPort = await listenOnLoopback(slowApp);
  webPort = await listenOnLoopback(webApp);
});
afterAll(async () => {
  await Promise.all([tokenApp.close(), localApp.close(), slowApp.close(), webApp.close()]);
  await ws.cleanup();
});

const host = (port: number) => `Host: 127.0.0.1:${port}`;

describe('access token: every target form that reaches /api needs it', () => {
  const targets = (port: number) => [
    `http://127.0.0.1:${port}/api/settings`,
    `HTTP://127.0.0.1:${port}/%61pi/settings`,
    '/x/../api/settings',
    '/./api/settings',
    '//api/settings',
    '/api//settings',
    '/%2e/api/settings',
    '/%61pi/settings',
    '/%61pi/nope',
  ];

  it.each(targets(0).map((_, i) => i))('target #%i without the token: 401, no data', async (i) => {
    const target = targets(tokenPort)[i] as string;
    const res = await rawRequest(tokenPort, requestText('GET', target, [host(tokenPort), 'Connection: close']));
    expect(res.statusCode, target).toBe(401);
    expectApiError(res, 401, 'token_required');
  });

  it('the workspace event stream under an encoded /api: 401, no stream', async () => {
    const res = await rawRequest(tokenPort, requestText('GET', '/%61pi/changes', [host(tokenPort), 'Accept: text/event-stream', 'Connection: close']), {
      headersOnly: true,
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['/%61pi/%zz', '/api/%E0%A4%A', 'ftp://127.0.0.1/api/settings', 'api/settings'])(
    '%s cannot be decoded or used: 400, in the one error shape',
    async (target) => {
      const res = await rawRequest(tokenPort, requestText('GET', target, [host(tokenPort), 'Connection: close']));
      expectApiError(res, 400);
    },
  );

  it('an absolute-form target is answered normally with the token', async () => {
    const res = await rawRequest(
      tokenPort,
      requestText('GET', `http://127.0.0.1:${tokenPort}/api/settings`, [host(tokenPort), `Authorization: Bearer ${TOKEN}`, 'Connection: close']),
    );
    expect(res.statusCode).toBe(200);
  });

  it('an absolute-form target naming a foreign authority: 403, even with the token', async () => {
    const res = await rawRequest(
      tokenPort,
      requestText('GET', 'http://evil.example/api/settings', [host(tokenPort), `Authorization: Bearer ${TOKEN}`, 'Connection: close']),
    );
    expectApiError(res, 403, 'host_not_allowed');
  });

  it('a write through an unnormalised target without the token changes nothing', async () => {
    const before = await hashTree(ws.base);
    const body = '{"defaultLlm":"planted"}';
    for (const target of ['/x/../api/settings', `http://127.0.0.1:${tokenPort}/api/settings`]) {
      const res = await rawRequest(
        tokenPort,
        requestText('PUT', target, [host(tokenPort), 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close'], body),
      );
      expectApiError(res, 401, 'token_required');
    }
    expect(await hashTree(ws.base)).toEqual(before);
  });
});

describe('access token with the web app served (its wildcard route catches what no /api route does)', () => {
  it.each(['/API/workflows', '/%61pi/nope', '/%61pi/workflows', '/x/../api/workflows', `/api/workflows/${'x'.repeat(3000)}`])(
    '%s without the token: 401',
    async (target) => {
      const res = await rawRequest(webPort, requestText('GET', target, [host(webPort), 'Connection: close']));
      expectApiError(res, 401, 'token_required');
    },
  );

  it('the page itself and its client-side routes need no token (the token arrives in the page URL)', async () => {
    for (const target of ['/', '/workflows/Workflow%2FResearchReport?token=x']) {
      const res = await rawRequest(webPort, requestText('GET', target, [host(webPort), 'Connection: close']));
      expect(res.statusCode, target).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('an over-long workflow id with the token: 400 invalid_workflow_id, not a 404 from the wildcard route', async () => {
    const res = await rawRequest(
      webPort,
      requestText('GET', `/api/workflows/${'x'.repeat(3000)}`, [host(webPort), `Authorization: Bearer ${TOKEN}`, 'Connection: close']),
    );
    expectApiError(res, 400, 'invalid_workflow_id');
  });
});

describe('two Host headers', () => {
  it.each([
    ['a local name, then a foreign one', (port: number) => [host(port), 'Host: evil.example']],
    ['the same local name twice', (port: number) => [host(port), host(port)]],
    ['a foreign name, then a local one', (port: number) => ['Host: evil.example', host(port)]],
  ])('%s: 400', async (_name, hosts) => {
    const res = await rawRequest(localPort, requestText('GET', '/api/workflows', [...hosts(localPort), 'Connection: close']));
    expectApiError(res, 400, 'duplicate_host');
  });
});

describe('slow request bodies', () => {
  it('a client that dribbles its body is cut off with 408 after the request timeout', async () => {
    const body = '{"defaultLlm":"slowly"}'.padEnd(200, ' ');
    const head = requestText('PUT', '/api/settings', [host(slowPort), 'Content-Type: application/json', `Content-Length: ${body.length}`]);
    const started = Date.now();
    const res = await dribbledRequest(slowPort, head, body, 50, { timeoutMs: 4000, waitForClose: true });
    const elapsed = Date.now() - started;
    expectApiError(res, 408, 'request_timeout');
    expect(res.closed).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(SLOW_REQUEST_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(3000);
  });

  it('the timeout bounds receiving the request, not answering it: a slow handler still answers', async () => {
    const res = await rawRequest(
      slowPort,
      requestText('POST', '/api/test/slow-handler', [host(slowPort), 'Content-Type: application/json', 'Content-Length: 2', 'Connection: close'], '{}'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: true });
  });

  it('a request sent at once is answered as usual on the same server', async () => {
    const body = '{}';
    const res = await rawRequest(
      slowPort,
      requestText('PUT', '/api/settings', [host(slowPort), 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close'], body),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('errors Node raises before Fastify sees a request use the one error shape', () => {
  it('headers over the size limit: 431', async () => {
    const res = await rawRequest(localPort, requestText('GET', '/api/workflows', [host(localPort), `X-Padding: ${'a'.repeat(20_000)}`]));
    expectApiError(res, 431, 'header_too_large');
  });

  it('a broken chunked body: 400', async () => {
    const res = await rawRequest(
      localPort,
      requestText('PUT', '/api/settings', [host(localPort), 'Content-Type: application/json', 'Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n'),
    );
    expectApiError(res, 400, 'malformed_request');
  });

  it('a request line that is not HTTP: 400', async () => {
    const res = await rawRequest(localPort, 'NOT HTTP AT ALL\r\n\r\n');
    expectApiError(res, 400, 'malformed_request');
  });
});
