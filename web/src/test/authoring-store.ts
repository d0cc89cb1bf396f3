// Test-only: a store with a fixture workflow loaded, as the app has it after opening one.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkPlan, readPlan, readStepConfig } from '@planvas/shared';
import type { WorkflowDocument } from '../api/types';
import { createAppStore, type AppStore } from '../store/app-store';
import { FIXTURE_ROOT, loadGenerationFixture } from './fixtures';

/** The fixture workflow as GET /api/workflows/:id answers it (plan flat, step config in object form). */
export function fixtureDocument(workflowId = 'Workflow/ResearchReport', revisions = { plan: 'p1', stepConfig: 's1' }): WorkflowDocument {
  const dir = join(FIXTURE_ROOT, workflowId, 'planning');
  const read = readPlan(JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')));
  if (!read.ok) throw new Error(`fixture ${workflowId} does not read`);
  const configPath = join(dir, 'step_config.json');
  const config = existsSync(configPath) ? readStepConfig(JSON.parse(readFileSync(configPath, 'utf8'))) : null;
  if (config && !config.ok) throw new Error(`fixture ${workflowId} step_config does not read`);
  return {
    id: workflowId,
    plan: read.plan,
    planRevision: revisions.plan,
    stepConfig: config?.ok ? config.config : null,
    stepConfigRevision: config ? revisions.stepConfig : null,
    stepConfigForm: config?.ok ? config.form : null,
    legacy: read.legacy,
    problems: checkPlan(read.plan),
  };
}

/** A fresh store with `document` open, its view settings loaded (so the canvas can draw it). */
export function storeWithDocument(document: WorkflowDocument = fixtureDocument()): AppStore {
  const store = createAppStore();
  store.getState().openWorkflow(document.id);
  store.getState().setDocument(document);
  store.getState().applyViewSettings(document.id, { direction: 'LR', positions: { LR: {}, TB: {} } });
  return store;
}

/** A fixture of fixtures/generations as GET /api/workflows/:id answers it. */
export function generationDocument(workflowId: string): WorkflowDocument {
  const { plan, stepConfig, problems } = loadGenerationFixture(workflowId);
  return {
    id: workflowId,
    plan,
    planRevision: 'p1',
    stepConfig: stepConfig ?? null,
    stepConfigRevision: stepConfig ? 's1' : null,
    stepConfigForm: stepConfig ? 'object' : null,
    legacy: false,
    problems,
  };
}
