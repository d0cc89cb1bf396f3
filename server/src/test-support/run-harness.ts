// Test-only helpers for run tests: real temp workspaces, real servers, polling with a bound.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EventEnvelope, RunSummary } from '@planvas/shared';
import { RunEngine, type RunEngineOptions } from '../engine/run-engine';
import type { Provider } from '../engine/providers/provider';
import { FileStateStore, type StateStore } from '../state/state-store';
import { WorkspaceRepository } from '../workspace/workspace-repository';
import { FileRunStore } from '../runs/file-run-store';
import type { RunStore } from '../runs/run-store';
import { tempWorkspacePaths } from './fixture-workspace';

export interface TempRoot {
  root: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

/** An empty workspace root in a temp folder. */
export async function tempRoot(): Promise<TempRoot> {
  const ws = await tempWorkspacePaths('planvas-runs-');
  await mkdir(ws.root, { recursive: true });
  return ws;
}

/** Writes `<root>/<id>/planning/plan.json` (and step_config.json) plus any extra files. */
export async function writeWorkflow(root: string, id: string, plan: unknown, stepConfig?: unknown, extra: Record<string, string> = {}): Promise<void> {
  const dir = join(root, id);
  await mkdir(join(dir, 'planning'), { recursive: true });
  await writeFile(join(dir, 'planning', 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  if (stepConfig !== undefined) await writeFile(join(dir, 'planning', 'step_config.json'), `${JSON.stringify(stepConfig, null, 2)}\n`);
  for (const [file, text] of Object.entries(extra)) {
    const path = join(dir, file);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, text);
  }
}

/** A small todo_task workflow: one step, `routes` predefined routes writing `<route>.md`, output `result.json`. */
export function todoTaskPlan(options: { routes?: number; generic?: boolean; validation?: unknown; next?: unknown[] } = {}): Record<string, unknown> {
  const routes = Array.from({ length: options.routes ?? 2 }, (_, i) => ({
    route_id: `r${i + 1}`,
    route_name: `Route ${i + 1}`,
    condition: `When todo ${i + 1} needs doing`,
    sub_agent_step: {
      type: 'regular',
      id: `agent-${i + 1}`,
      title: `Agent ${i + 1}`,
      description: `Do part ${i + 1}`,
      success_criteria: `part${i + 1}.md exists`,
      context_output: `part${i + 1}.md`,
    },
  }));
  return {
    objective: 'Test objective',
    steps: [
      {
        type: 'todo_task',
        id: 'work',
        title: 'Work',
        description: 'Do the work',
        success_criteria: 'result.json exists',
        context_output: 'result.json',
        validation_schema: options.validation ?? { files: [{ file_name: 'result.json', must_exist: true }] },
        predefined_routes: routes,
        enable_generic_agent: options.generic ?? false,
      },
      ...(options.next ?? []),
    ],
  };
}

export interface EngineHarness {
  runs: RunStore;
  engine: RunEngine;
  workspace: WorkspaceRepository;
  state: StateStore;
  close(): Promise<void>;
}

/** The run engine over real files, without HTTP: for faults a test provider injects. */
export async function engineHarness(root: TempRoot, provider: Provider | undefined, options: Partial<RunEngineOptions> = {}): Promise<EngineHarness> {
  const state = await FileStateStore.open(root.dataDir);
  const workspace = await WorkspaceRepository.open(root.root);
  const runs = new FileRunStore({ state, workspace, summaryFlushMs: 5 });
  const engine = new RunEngine({ runs, workspace, ...(provider ? { providers: () => provider } : {}), ...options });
  return {
    runs,
    engine,
    workspace,
    state,
    close: async () => {
      await engine.close();
      await runs.close();
    },
  };
}

export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function runSummary(app: FastifyInstance, runId: string): Promise<RunSummary> {
  return (await app.inject({ url: `/api/runs/${runId}` })).json().run as RunSummary;
}

export async function waitForStatus(app: FastifyInstance, runId: string, statuses: ReadonlyArray<string>): Promise<RunSummary> {
  return until(
    async () => {
      const run = await runSummary(app, runId);
      return statuses.includes(run.status) ? run : undefined;
    },
    `run ${runId} to be ${statuses.join(' or ')}`,
  );
}

export async function runEvents(app: FastifyInstance, runId: string): Promise<EventEnvelope[]> {
  return (await app.inject({ url: `/api/runs/${runId}/events` })).json().events as EventEnvelope[];
}

export const workflowRunsUrl = (id: string, suffix = '') => `/api/workflows/${encodeURIComponent(id)}/runs${suffix}`;

/** Starts a run of workflow `id` through the API (no pacing unless `body` says) and returns its id; the test fails unless it is created. */
export async function startRun(app: FastifyInstance, id: string, body: Record<string, unknown> = { paceMs: 0 }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: workflowRunsUrl(id), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().runId as string;
}
