// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createAuthoringApi } from './authoring-api';

// A real HTTP server keeping one revisioned document the way the planvas API does (If-Match,
// 412 with currentRevision, 428 without a precondition), so the client runs over a real socket.
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
let revision = 1;
let settings: unknown = {};
let server: Server;
let baseUrl: string;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = req.url ?? '';
      if (url === '/api/workflows/W%2FX/plan' && req.method === 'PUT') {
        const match = req.headers['if-match'];
        if (match === undefined) return reply(res, 428, { statusCode: 428, code: 'if_match_required', message: 'If-Match required', details: [] });
        if (match !== `"r${revision}"`)
          return reply(res, 412, { statusCode: 412, code: 'stale_revision', message: 'changed meanwhile', details: [], currentRevision: `r${revision}` });
        revision++;
        return reply(res, 200, { revision: `r${revision}`, written: true, problems: [] });
      }
      if (url === '/api/workflows/W%2FX/step-config' && req.method === 'PUT') return reply(res, 200, { revision: 's1', written: true, problems: [] });
      if (url === '/api/workflows' && req.method === 'POST') return reply(res, 201, { id: JSON.parse(body).id, planRevision: 'p0', stepConfigRevision: 's0' });
      if (url.startsWith('/api/workflows/W%2FX/migrate'))
        return reply(res, 200, {
          dryRun: url.endsWith('dryRun=1'),
          legacy: true,
          changes: [{ kind: 'step_config_removed', id: 'old' }],
          planWritten: false,
          stepConfigWritten: false,
          planRevision: 'r1',
          stepConfigRevision: null,
          problems: [],
        });
      if (url === '/api/settings' && req.method === 'PUT') {
        settings = JSON.parse(body);
        return reply(res, 200, settings);
      }
      if (url === '/api/settings') return reply(res, 200, settings);
      return reply(res, 404, { statusCode: 404, code: 'not_found', message: 'no', details: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('authoring API client', () => {
  it('saves with the base revision and the tab id; a stale revision is a 412 ApiError', async () => {
    const api = createAuthoringApi({ baseUrl, clientId: 'tab-test' });
    expect(await api.savePlan('W/X', { steps: [] }, 'r1')).toEqual({ revision: 'r2', written: true, problems: [] });
    const last = seen.at(-1)!;
    expect(last.headers['if-match']).toBe('"r1"');
    expect(last.headers['x-planvas-client']).toBe('tab-test');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ steps: [] });
    const stale = await api.savePlan('W/X', { steps: [] }, 'r1').catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ status: 412, code: 'stale_revision' });
  });

  it('creates a missing step_config with If-Match "absent"', async () => {
    const api = createAuthoringApi({ baseUrl });
    await api.saveStepConfig('W/X', { steps: [] }, null);
    expect(seen.at(-1)!.headers['if-match']).toBe('"absent"');
    expect(api.clientId).toMatch(/^tab-[A-Za-z0-9._:-]+$/);
  });

  it('creates workflows, runs a migration dry run, reads and writes settings', async () => {
    const api = createAuthoringApi({ baseUrl });
    expect(await api.createWorkflow('W/Copy')).toEqual({ id: 'W/Copy', planRevision: 'p0', stepConfigRevision: 's0' });
    const dry = await api.migrate('W/X', { dryRun: true });
    expect(seen.at(-1)!.url).toBe('/api/workflows/W%2FX/migrate?dryRun=1');
    expect(dry).toMatchObject({ dryRun: true, changes: [{ kind: 'step_config_removed', id: 'old' }] });
    const llm = { provider: 'openai', model_id: 'gpt-4.1' };
    expect(await api.saveSettings({ presetExecutionLlm: llm })).toEqual({ presetExecutionLlm: llm });
    expect(await api.getSettings()).toEqual({ presetExecutionLlm: llm });
  });

  it('reports an unreachable server as a network error', async () => {
    const error = await createAuthoringApi({ baseUrl: 'http://127.0.0.1:1' })
      .getSettings()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });
});
