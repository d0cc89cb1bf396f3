import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, hashTree, workflowUrl, type TempWorkspace } from '../test-support/fixture-workspace';
import { isAllowedHost, isAllowedOrigin } from './request-guard';

let ws: TempWorkspace;
let app: FastifyInstance;
let tokenApp: FastifyInstance;
let etag: string;
const TOKEN = 'correct-horse-battery-staple';
const id = 'Workflow/ResearchReport';

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  app = await appFor(ws, { port: 4780 });
  tokenApp = await appFor({ ...ws, dataDir: join(ws.base, 'data-token') }, { port: 4780, accessToken: TOKEN, host: '0.0.0.0' });
  etag = String((await app.inject({ url: workflowUrl(id, '/plan'), headers: { host: '127.0.0.1:4780' } })).headers.etag);
});
afterAll(async () => {
  await app.close();
  await tokenApp.close();
  await ws.cleanup();
});

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
      expectApiError(await app.inject({ method: 'POST', url: workflowUrl('Workflow/LegacyOnboarding', '/migrate'), headers: { host: '127.0.0.1:4780', origin } }), 403, 'origin_not_allowed');
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
    const res = await app.inject({ method: 'PUT', url: workflowUrl(id, '/view'), headers: { host: '127.0.0.1:4780', origin, 'content-type': 'application/json' }, payload: JSON.stringify(view) });
    expect(res.statusCode).toBe(200);
  });

  it('requests without Origin (curl, the CLI) may save', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/settings', headers: { host: 'localhost:4780', 'content-type': 'application/json' }, payload: '{}' });
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
    expectApiError(await tokenApp.inject({ url: '/api/workflows', headers: { authorization: 'Bearer nope' } }), 401, 'token_invalid');
    expectApiError(await tokenApp.inject({ url: '/api/workflows?token=nope' }), 401, 'token_invalid');
    expectApiError(await tokenApp.inject({ url: '/api/workflows', headers: { authorization: `Basic ${TOKEN}` } }), 401);
  });

  it('writes without the token change nothing', async () => {
    const before = await hashTree(ws.base);
    expectApiError(await tokenApp.inject(save({})), 401, 'token_required');
    expectApiError(await tokenApp.inject(create({})), 401, 'token_required');
    expect(await hashTree(ws.base)).toEqual(before);
  });

  it('the Bearer header or ?token= (EventSource) is accepted, from any Host name', async () => {
    const byHeader = await tokenApp.inject({ url: '/api/workflows', headers: { host: '192.168.1.5:4780', authorization: `Bearer ${TOKEN}` } });
    expect(byHeader.statusCode).toBe(200);
    const byQuery = await tokenApp.inject({ url: `/api/workflows?token=${encodeURIComponent(TOKEN)}`, headers: { host: 'planvas.lan:4780' } });
    expect(byQuery.statusCode).toBe(200);
  });

  it('a foreign Origin still may not change anything, even with the token', async () => {
    expectApiError(await tokenApp.inject(save({ authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' })), 403, 'origin_not_allowed');
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
