// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { workflowApiPath } from './workflow-path';

// A real HTTP server answering as the planvas API does, so the client's encoding, error parsing
// and network-failure handling run over a real socket.
const requests: Array<{ method: string; url: string; body: string }> = [];
let server: Server;
let baseUrl: string;

function reply(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url === '/api/workflows') return reply(res, 200, { workflows: [{ id: 'Team/Ops/X', title: '', stepCount: 3, legacy: true, problems: 2 }] });
      if (req.url === '/api/workflows/Team%2FOps%2FX')
        return reply(res, 200, {
          id: 'Team/Ops/X',
          plan: { steps: [] },
          planRevision: 'r1',
          stepConfig: null,
          stepConfigRevision: null,
          stepConfigForm: null,
          legacy: false,
          problems: [],
        });
      if (req.url === '/api/workflows/Team%2FOps%2FX/view' && req.method === 'GET') return reply(res, 200, { direction: 'TB', positions: { LR: {}, TB: {} } });
      if (req.url === '/api/workflows/Team%2FOps%2FX/view' && req.method === 'PUT') return reply(res, 200, JSON.parse(body));
      if (req.url === '/api/workflows/Team%2FOps%2FX/layout') return reply(res, 200, { TB: { key: 'k1', positions: { a: { x: 1, y: 2 } } } });
      if (req.url === '/api/workflows/Team%2FOps%2FX/layout/LR' && req.method === 'PUT') return reply(res, 200, { key: JSON.parse(body).key });
      if (req.url === '/api/workflows/Bad%2FView/layout') return reply(res, 200, { LR: { key: '', positions: [] } });
      if (req.url === '/api/workflows/Bad%2FView/view') return reply(res, 200, { direction: 'sideways' });
      if (req.url === '/api/workflows/Not%20JSON') return reply(res, 502, '<html>Bad gateway</html>');
      return reply(res, 404, { statusCode: 404, code: 'workflow_not_found', message: 'No workflow here', details: [{ path: '$.id', message: 'unknown' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API client', () => {
  const api = () => createApiClient({ baseUrl });

  it('sends a workflow id as one encoded path segment', () => {
    expect(workflowApiPath('Team/Ops/X')).toBe('/api/workflows/Team%2FOps%2FX');
  });

  it('lists workflows, naming untitled ones after their folder and counting problems', async () => {
    expect(await api().listWorkflows()).toEqual([{ id: 'Team/Ops/X', title: 'X', stepCount: 3, legacy: true, problemCount: 2 }]);
  });

  it('gets a workflow and its view settings, and saves view settings', async () => {
    expect(await api().getWorkflow('Team/Ops/X')).toMatchObject({ id: 'Team/Ops/X', planRevision: 'r1', plan: { steps: [] } });
    expect(await api().getView('Team/Ops/X')).toEqual({ direction: 'TB', positions: { LR: {}, TB: {} } });
    await api().saveView('Team/Ops/X', { direction: 'LR', positions: { LR: { a: { x: 1, y: 2 } }, TB: {} } });
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/workflows/Team%2FOps%2FX/view',
      body: JSON.stringify({ direction: 'LR', positions: { LR: { a: { x: 1, y: 2 } }, TB: {} } }),
    });
  });

  it('throws the server’s error shape as an ApiError', async () => {
    const error = await api()
      .getWorkflow('Nope')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'workflow_not_found', message: 'No workflow here', details: [{ path: '$.id', message: 'unknown' }] });
  });

  it('turns a non-JSON error page into an ApiError too', async () => {
    const error = await api()
      .getWorkflow('Not JSON')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: '<html>Bad gateway</html>' });
  });

  it('rejects view settings that are not view settings', async () => {
    await expect(api().getView('Bad/View')).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('gets the saved layouts and saves one direction', async () => {
    expect(await api().getLayouts('Team/Ops/X')).toEqual({ TB: { key: 'k1', positions: { a: { x: 1, y: 2 } } } });
    await api().saveLayout('Team/Ops/X', 'LR', { key: 'k2', positions: { b: { x: 3, y: 4 } } });
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/workflows/Team%2FOps%2FX/layout/LR',
      body: JSON.stringify({ key: 'k2', positions: { b: { x: 3, y: 4 } } }),
    });
    await expect(api().getLayouts('Bad/View')).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('reports an unreachable server as a network ApiError', async () => {
    const error = await createApiClient({ baseUrl: 'http://127.0.0.1:1' })
      .listWorkflows()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });
});
