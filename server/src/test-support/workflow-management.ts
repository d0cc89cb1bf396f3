// Test-only: the workflow management routes over inject, and what planvas keeps about workflows on disk.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { workflowUrl, type TempWorkspace } from './fixture-workspace';

export function duplicateWorkflow(app: FastifyInstance, id: string, newId: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: workflowUrl(id, '/duplicate'), headers, payload: { newId } });
}

export function renameWorkflow(app: FastifyInstance, id: string, newId: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: workflowUrl(id, '/rename'), headers, payload: { newId } });
}

export function deletionPreview(app: FastifyInstance, id: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: workflowUrl(id, '/deletion') });
}

/** DELETE with If-Match: the revision given, or else the plan's current one (read first). */
export async function deleteWorkflow(app: FastifyInstance, id: string, ifMatch?: string): Promise<LightMyRequestResponse> {
  const revision = ifMatch ?? `"${(await app.inject({ url: workflowUrl(id) })).json().planRevision as string}"`;
  return app.inject({ method: 'DELETE', url: workflowUrl(id), headers: { 'if-match': revision } });
}

export async function listedIds(app: FastifyInstance): Promise<string[]> {
  return ((await app.inject({ url: '/api/workflows' })).json().workflows as Array<{ id: string }>).map((w) => w.id);
}

/** planvas' state file and layout cache as written (after every queued write). */
export async function stateOnDisk(app: FastifyInstance, ws: TempWorkspace): Promise<{ state: any; layouts: any }> {
  await app.state.flush();
  await app.layoutCache.flush();
  const read = async (name: string) => JSON.parse(await readFile(join(ws.dataDir, name), 'utf8').catch(() => '{}'));
  return { state: await read('state.json'), layouts: await read('layout-cache.json') };
}

/** An external run of `id`, going until endRun. */
export async function externalRun(app: FastifyInstance, id: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/runs', payload: { workflowId: id } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().runId as string;
}

export async function endRun(app: FastifyInstance, runId: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/runs/${runId}/events`, payload: { type: 'run_status', data: { status: 'completed' } } });
  expect(res.statusCode, res.body).toBe(200);
  await app.runs.flush();
}

export async function putView(app: FastifyInstance, id: string, direction: 'LR' | 'TB' = 'TB'): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: workflowUrl(id, '/view'), payload: { direction, positions: { LR: {}, TB: { a: { x: 1, y: 2 } } } } });
  expect(res.statusCode, res.body).toBe(200);
}

export async function putLayout(app: FastifyInstance, id: string, key = 'k1'): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: workflowUrl(id, '/layout/LR'), payload: { key, positions: { a: { x: 3, y: 4 } } } });
  expect(res.statusCode, res.body).toBe(200);
}
