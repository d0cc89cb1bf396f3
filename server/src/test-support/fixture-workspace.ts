import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURE_WORKSPACE = join(REPO_ROOT, 'fixtures/workspace');

/** Every workflow of the fixture workspace, with what its files look like. */
export const FIXTURE_WORKFLOWS = [
  { id: 'Team/Ops/FourSpaceIndent', legacy: false, stepConfig: 'array' },
  { id: 'Workflow/LegacyOnboarding', legacy: true, stepConfig: 'object' },
  { id: 'Workflow/NoFinalNewline', legacy: false, stepConfig: null },
  { id: 'Workflow/ResearchReport', legacy: false, stepConfig: 'object' },
  { id: 'Workflow/UnknownStepType', legacy: false, stepConfig: null },
] as const;

export interface TempWorkspace {
  /** The temp folder holding `workspace/` and `data/` (and room for siblings). */
  base: string;
  root: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

/** A new temp folder `<prefix>XXXXXX` and where a workspace and its data folder go in it (neither is made yet). */
export async function tempWorkspacePaths(prefix: string): Promise<TempWorkspace> {
  const base = await mkdtemp(join(tmpdir(), prefix));
  return { base, root: join(base, 'ws'), dataDir: join(base, 'data'), cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** A fresh writable copy of fixtures/workspace in a temp folder. */
export async function copyFixtureWorkspace(): Promise<TempWorkspace> {
  const ws = await tempWorkspacePaths('planvas-server-');
  await cp(FIXTURE_WORKSPACE, ws.root, { recursive: true });
  return ws;
}

export async function appFor(ws: TempWorkspace, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ workspaceRoot: ws.root, dataDir: ws.dataDir, ...options });
}

/**
 * Path -> sha256 of every file, folder and symlink under dir: two equal maps mean the tree is
 * byte-identical (nothing written, created, renamed or deleted).
 */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (current: string) => {
    const entries: Dirent[] = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(current, entry.name);
      const key = relative(dir, path);
      if (entry.isSymbolicLink()) out[key] = `link:${await readlink(path)}`;
      else if (entry.isDirectory()) {
        out[key] = 'dir';
        await visit(path);
      } else
        out[key] = createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
    }
  };
  await visit(dir);
  return out;
}

export function workflowUrl(id: string, suffix = ''): string {
  return `/api/workflows/${encodeURIComponent(id)}${suffix}`;
}

export async function readText(root: string, id: string, file: 'plan.json' | 'step_config.json'): Promise<string> {
  return readFile(join(root, id, 'planning', file), 'utf8');
}

/** Lines that differ between two texts of the same line count (undefined if the counts differ). */
export function changedLines(before: string, after: string): string[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return undefined;
  return b.filter((line, i) => line !== a[i]);
}

/** Asserts the one error shape: `{ statusCode, code, message, details: [{ path, message }] }`. */
export function expectApiError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): any },
  status: number,
  code?: string,
): { statusCode: number; code: string; message: string; details: Array<{ path: string; message: string }>; [key: string]: unknown } {
  if (res.statusCode !== status) throw new Error(`expected HTTP ${status}, got ${res.statusCode}: ${JSON.stringify(res.json())}`);
  if (!String(res.headers['content-type']).startsWith('application/json')) throw new Error(`error is not JSON: ${String(res.headers['content-type'])}`);
  const body = res.json();
  if (body.statusCode !== status) throw new Error(`body.statusCode ${body.statusCode} != ${status}`);
  if (typeof body.code !== 'string' || body.code === '') throw new Error('error without a code');
  if (code !== undefined && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${body.message}`);
  if (typeof body.message !== 'string' || body.message === '') throw new Error('error without a message');
  if (!Array.isArray(body.details)) throw new Error('error without details');
  for (const d of body.details) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') throw new Error(`bad detail ${JSON.stringify(d)}`);
  }
  return body;
}
