import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPlan, DEFAULT_VIEW_SETTINGS, readPlan, type SavedLayouts, type ViewSettings } from '@planvas/shared';
import ELK from 'elkjs/lib/elk.bundled.js';
import { ApiError } from '../api/api-error';
import type { PlanvasApi } from '../api/client';
import { layout } from '../layout/elk-layout';
import type { LayoutService } from '../layout/layout-client';
import { fixtureDocument } from './authoring-store';
import { FIXTURE_ROOT, fixtureWorkflowIds } from './fixtures';
import { createMemoryWorkspace, type MemoryWorkspace } from './memory-workspace';

/**
 * The planvas API over the fixture workspace, in process, for component tests of the whole app
 * (the server has its own tests; the e2e tests run the two together). Documents are read once
 * into an in-memory workspace that saves with revisions (see memory-workspace.ts); pass the same
 * `workspace` to two APIs to have two tabs on one workspace.
 */
export function createFixtureApi(
  options: { clientId?: string; workspace?: MemoryWorkspace } = {},
): PlanvasApi & { views: Map<string, ViewSettings>; layouts: Map<string, SavedLayouts>; workspace: MemoryWorkspace } {
  const views = new Map<string, ViewSettings>();
  const layouts = new Map<string, SavedLayouts>();
  const workspace = options.workspace ?? createMemoryWorkspace(fixtureWorkflowIds().map((id) => fixtureDocument(id, { plan: 'r1', stepConfig: 's1' })));
  const read = (id: string) => {
    if (!fixtureWorkflowIds().includes(id)) throw new ApiError(404, 'workflow_not_found', `no workflow "${id}"`);
    const result = readPlan(JSON.parse(readFileSync(join(FIXTURE_ROOT, id, 'planning', 'plan.json'), 'utf8')));
    if (!result.ok) throw new ApiError(422, 'invalid_plan', 'plan.json is invalid', result.details);
    return result;
  };
  return {
    ...workspace.authoringApi(options.clientId ?? 'tab-test'),
    views,
    layouts,
    workspace,
    async listWorkflows() {
      return fixtureWorkflowIds().map((id) => {
        const result = read(id);
        return { id, title: id.split('/').pop()!, stepCount: result.plan.steps.length, legacy: result.legacy, problemCount: checkPlan(result.plan).length };
      });
    },
    async getWorkflow(id) {
      return workspace.getWorkflow(id);
    },
    async getView(id) {
      return views.get(id) ?? DEFAULT_VIEW_SETTINGS;
    },
    async saveView(id, view) {
      views.set(id, view);
    },
    async getLayouts(id) {
      return layouts.get(id) ?? {};
    },
    async saveLayout(id, direction, layout) {
      layouts.set(id, { ...layouts.get(id), [direction]: layout });
    },
  };
}

/** The real ELK layout, run in the test's own thread (jsdom has no Worker). */
export function createInProcessLayout(): LayoutService {
  const elk = new ELK();
  return {
    preload() {},
    cancelPreload() {},
    warm() {},
    dispose() {},
    async layout(nodes, edges, direction) {
      const started = performance.now();
      return { positions: await layout(nodes, edges, direction, elk), fallback: false, ms: performance.now() - started };
    },
  };
}
