import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { EVENT_STREAM_ROUTES, isAllowedHost, isAllowedOrigin } from './request-guard';

let ws: TempWorkspace;
let app: FastifyInstance;
let tokenApp: FastifyInstance;
let etag: string;
const TOKEN = 'correct-horse-battery-staple';
const id = 'Workflow/ResearchReport';

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  app = await appFor(ws, { port: 4780 });
  // Bound to a LAN address, with one more name given by --allowed-host.
  tokenApp = await appFor(
    { ...ws, dataDir: join(ws.base, 'data-token') },
    { port: 4780, accessToken: TOKEN, host: '192.168.1.5', allowedHosts: ['planvas.lan'] },
  );
  etag = String((await app.inject({ url: workflowUrl(id, '/plan'), headers: { host: '127.0.0.1:4780' } })).headers.etag);
});
afterAll(async () => {
  await app.close();
  await tokenApp.close();
  await ws.cleanup();
});

/** The token app checks Host like any other: these requests come from a loopback name unless they say otherwise. */
const local = { host: '127.0.0.1:4780' };

const save = (headers: Record<string, string>) => ({
  method: 'PUT' as const,
  url: workflowUrl(id, '/plan'),
  headers: { 'content-type': 'application/json', 'if-match': etag, host: '127.0.0.1:4780', ...headers },
  payload: JSON.stringify({ objective: 'changed by a foreign page', steps: [] }),
});
const create = (headers: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/workflows',
  headers: { 'content-type': 'application/json', host: '127.0.0.1:4780', ...headers },
  payload: JSON.stringify({ id: 'Workflow/Planted' }),
});

describe('Host allow-list (DNS rebinding)', () => {
  it.each(['127.0.0.1:4780', 'localhost:4780', '[::1]:4780', 'LOCALHOST:4780', 'localhost'])('%s is answered', async (host) => {
    expect((await app.inject({ url: '/api/workflows', headers: { host } })).statusCode).toBe(200);
  });

  it.each(['evil.example:4780', 'evil.example', '127.0.0.1.evil.example:4780', 'localhost:9999', '192.168.1.5:4780', ''])(
    '%s gets 403 on reads, writes and unknown paths, and nothing changes',
    async (host) => {
      const before = await hashTree(ws.base);
      expectApiError(await app.inject({ url: '/api/workflows', headers: { host } }), 403, 'host_not_allowed');
      expectApiError(await app.inject(save({ host })), 403, 'host_not_allowed');
      expectApiError(await app.inject(create({ host })), 403, 'host_not_allowed');
      expectApiError(await app.inject({ url: '/anything', headers: { host } }), 403, 'host_not_allowed');
      expect(await hashTree(ws.base)).toEqual(before);
    },
  );
});

describe('Origin check on state-changing requests', () => {
  it.each(['https://evil.example', 'http://evil.example:4780', 'null', 'http://127.0.0.1.evil.example', 'file://', 'not a url'])(
    'Origin %s gets 403 and nothing changes',
    async (origin) => {
      const before = await hashTree(ws.base);
      expectApiError(await app.inject(save({ origin })), 403, 'origin_not_allowed');
      expectApiError(await app.inject(create({ origin })), 403, 'origin_not_allowed');
      expectApiError(
        await app.inject({ method: 'POST', url: workflowUrl('Workflow/LegacyOnboarding', '/migrate'), headers: { host: '127.0.0.1:4780', origin } }),
        403,
        'origin_not_allowed',
      );
      expect(existsSync(join(ws.root, 'Workflow/Planted'))).toBe(false);
      expect(await hashTree(ws.base)).toEqual(before);
    },
  );

  it('reads with a foreign Origin are answered, without any CORS permission', async () => {
    const res = await app.inject({ url: '/api/workflows', headers: { host: '127.0.0.1:4780', origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(['http://127.0.0.1:4780', 'http://localhost:5173', 'http://[::1]:4780'])('Origin %s may save', async (origin) => {
    const view = { direction: 'TB', positions: { LR: {}, TB: {} } };
    const res = await app.inject({
      method: 'PUT',
      url: workflowUrl(id, '/view'),
      headers: { host: '127.0.0.1:4780', origin, 'content-type': 'application/json' },
      payload: JSON.stringify(view),
    });
    expect(res.statusCode).toBe(200);
  });

  it('requests without Origin (curl, the CLI) may save', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { host: 'localhost:4780', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('access token', () => {
  it('every /api request without it gets 401 with WWW-Authenticate', async () => {
    for (const url of ['/api/health', '/api/workflows', workflowUrl(id), workflowUrl(id, '/plan'), '/api/nope']) {
      const res = await tokenApp.inject({ url, headers: { host: '192.168.1.5:4780' } });
      expectApiError(res, 401, 'token_required');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('a wrong token gets 401', async () => {
    expectApiError(await tokenApp.inject({ url: '/api/workflows', headers: { ...local, authorization: 'Bearer nope' } }), 401, 'token_invalid');
    expectApiError(await tokenApp.inject({ url: '/api/changes?token=nope', headers: { ...local, accept: 'text/event-stream' } }), 401, 'token_invalid');
    expectApiError(await tokenApp.inject({ url: '/api/workflows', headers: { ...local, authorization: `Basic ${TOKEN}` } }), 401);
  });

  it('writes without the token change nothing', async () => {
    const before = await hashTree(ws.base);
    expectApiError(await tokenApp.inject(save({})), 401, 'token_required');
    expectApiError(await tokenApp.inject(create({})), 401, 'token_required');
    expect(await hashTree(ws.base)).toEqual(before);
  });

  it('the Bearer header is accepted from the loopback names, the bind address and --allowed-host names', async () => {
    for (const host of ['127.0.0.1:4780', 'localhost:4780', '192.168.1.5:4780', 'planvas.lan:4780', 'PLANVAS.LAN']) {
      const res = await tokenApp.inject({ url: '/api/workflows', headers: { host, authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('a foreign Origin still may not change anything, even with the token', async () => {
    expectApiError(await tokenApp.inject(save({ authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' })), 403, 'origin_not_allowed');
  });
});

describe('access token: the path the router routes is the path that is guarded', () => {
  const bearer = { ...local, authorization: `Bearer ${TOKEN}` };

  it.each([
    ['GET', '/%61pi/workflows'],
    ['GET', '/%61pi/settings'],
    ['GET', '/%61%70%69/health'],
    ['GET', '/api/%77orkflows'],
    ['GET', '/%61pi/workflows/Workflow%2FResearchReport/plan'],
    ['HEAD', '/%61pi/workflows'],
    // Not routed at all: still 401, so a 404 tells nothing before the token is checked.
    ['GET', '/%61pi/nope'],
    ['GET', '/%41PI/workflows'],
    ['GET', '/API/workflows'],
    ['GET', '/api%2Fworkflows'],
    ['DELETE', '/%61pi/workflows'],
  ] as const)('%s %s without the token: 401', async (method, url) => {
    const res = await tokenApp.inject({ method, url, headers: { ...local, accept: 'text/event-stream' } });
    expect(res.statusCode).toBe(401);
    if (method !== 'HEAD') expectApiError(res, 401, 'token_required');
  });

  it('an encoded /api answers as the router routes it once the token is there', async () => {
    expect((await tokenApp.inject({ url: '/%61pi/workflows', headers: bearer })).statusCode).toBe(200);
  });

  it('writes through an encoded /api without the token change nothing', async () => {
    const before = await hashTree(ws.base);
    const planUrl = `/%61pi/workflows/${encodeURIComponent(id)}/plan`;
    expectApiError(await tokenApp.inject({ ...save({}), url: planUrl }), 401, 'token_required');
    expectApiError(await tokenApp.inject({ ...create({}), url: '/%61pi/workflows' }), 401, 'token_required');
    expectApiError(
      await tokenApp.inject({
        method: 'PUT',
        url: '/%61pi/settings',
        headers: { ...local, 'content-type': 'application/json' },
        payload: '{"defaultLlm":"planted"}',
      }),
      401,
      'token_required',
    );
    expect(existsSync(join(ws.root, 'Workflow/Planted'))).toBe(false);
    expect(await hashTree(ws.base)).toEqual(before);
  });
});

describe('Host allow-list with a token', () => {
  it.each(['evil.example:4780', 'evil.example', '10.0.0.9:4780', 'planvas.lan.evil.example', ''])('%s gets 403 even with the right token', async (host) => {
    const before = await hashTree(ws.base);
    const headers = { host, authorization: `Bearer ${TOKEN}` };
    expectApiError(await tokenApp.inject({ url: '/api/workflows', headers }), 403, 'host_not_allowed');
    expectApiError(await tokenApp.inject(save(headers)), 403, 'host_not_allowed');
    expect(await hashTree(ws.base)).toEqual(before);
  });
});

describe('?token= is for event streams only', () => {
  it('on any other route it is not looked at: 401, the Bearer header is needed', async () => {
    for (const url of [`/api/workflows?token=${TOKEN}`, `${workflowUrl(id, '/plan')}?token=${TOKEN}`, `/api/settings?token=${TOKEN}`]) {
      expectApiError(await tokenApp.inject({ url, headers: local }), 401, 'token_required');
    }
    expectApiError(await tokenApp.inject({ ...save({}), url: `${workflowUrl(id, '/plan')}?token=${TOKEN}` }), 401, 'token_required');
  });

  it('the event-stream routes it is accepted on are routes of the app', () => {
    for (const url of EVENT_STREAM_ROUTES) expect(tokenApp.hasRoute({ method: 'GET', url }), url).toBe(true);
  });
});

describe('the checks themselves', () => {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  it('isAllowedHost', () => {
    expect(isAllowedHost('[::1]:4780', names, 4780)).toBe(true);
    expect(isAllowedHost('[::1]:4781', names, 4780)).toBe(false);
    expect(isAllowedHost('localhost:1234', names, undefined)).toBe(true);
    expect(isAllowedHost('localhost:4780:1', names, 4780)).toBe(false);
    expect(isAllowedHost('::1', names, 4780)).toBe(false);
  });
  it('isAllowedOrigin', () => {
    expect(isAllowedOrigin('http://planvas.lan:4780', 'planvas.lan:4780')).toBe(true);
    expect(isAllowedOrigin('http://planvas.lan:4780', 'other.lan:4780')).toBe(false);
    expect(isAllowedOrigin('http://localhost', '127.0.0.1:4780')).toBe(true);
  });
});
