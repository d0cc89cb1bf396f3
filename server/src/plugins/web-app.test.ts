import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appFor, copyFixtureWorkspace, expectApiError, type TempWorkspace } from '../test-support/fixture-workspace';

let ws: TempWorkspace;
let app: FastifyInstance;
const INDEX = '<!doctype html><title>planvas</title><div id="root"></div>';

beforeAll(async () => {
  ws = await copyFixtureWorkspace();
  const webDist = join(ws.base, 'dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), INDEX);
  await writeFile(join(webDist, 'assets', 'app.js'), 'console.log("planvas")');
  app = await appFor(ws, { webDist });
});
afterAll(async () => {
  await app.close();
  await ws.cleanup();
});

describe('serving the built web app', () => {
  it('serves index.html at / and its assets', async () => {
    const index = await app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(INDEX);
    const asset = await app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('planvas');
  });

  it('lets the browser keep the hashed assets for good, but not index.html', async () => {
    expect((await app.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/workflows/Workflow%2FResearchReport']) {
      const cacheControl = String((await app.inject({ url })).headers['cache-control']);
      expect(cacheControl, url).not.toContain('immutable');
      expect(cacheControl, url).toMatch(/no-cache|max-age=0/);
    }
  });

  it('answers client-side routes (a workflow id in one segment) with index.html', async () => {
    for (const url of ['/workflows/Workflow%2FResearchReport', '/workflows/Team%2FOps%2FFourSpaceIndent?run=1', '/settings']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers a client-side route once: no 404 sent after index.html', async () => {
    // With logging off, every request's logger is app.log itself; a second answer to a reply
    // already sent is only reported there (as a warning), the client sees the first one.
    const warn = vi.spyOn(app.log, 'warn');
    try {
      for (const url of ['/workflows/Workflow%2FResearchReport', '/settings']) expect((await app.inject({ url })).statusCode, url).toBe(200);
      expectApiError(await app.inject({ url: '/api/nope' }), 404, 'not_found');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps JSON 404s for unknown API routes and missing assets', async () => {
    expectApiError(await app.inject({ url: '/api/nope' }), 404, 'not_found');
    expectApiError(await app.inject({ url: '/assets/missing.js' }), 404, 'not_found');
    expectApiError(await app.inject({ method: 'POST', url: '/workflows/x', headers: { 'content-type': 'application/json' }, payload: '{}' }), 404, 'not_found');
  });

  it('the API still works next to it', async () => {
    expect((await app.inject({ url: '/api/workflows' })).statusCode).toBe(200);
  });
});
