import { join } from 'node:path';
import {
  checkPlan,
  checkStepConfig,
  readPlan,
  readStepConfig,
  type ErrorDetail,
  type LegacyPromotion,
  type Problem,
  type ReadPlanResult,
  type ReadStepConfigResult,
} from '@planvas/shared';
import { InvalidWorkflowId, WorkflowNotFound } from '../errors/domain-errors';
import { readJsonFile, type JsonFileSnapshot } from './json-file';
import { assertIdOutsideRunFolders, isRealPathInRunFolder } from './run-folders';
import { joinAsOnDisk } from './folder-names-as-on-disk';
import { pathVisible } from './path-exists';
import { checkWorkflowId, realPathInside } from './safe-path';

/** Where a workflow's files are, all as real paths inside the workspace root. */
export interface WorkflowFiles {
  id: string;
  dir: string;
  planningDir: string;
  planPath: string;
  /** May not exist yet (the file is optional). */
  stepConfigPath: string;
  learningsDir: string;
}

export type DocumentName = 'plan' | 'step_config';

/** A problem and the document its JSONPath points into. */
export type WorkflowProblem = Problem & { document: DocumentName };

export interface LoadedWorkflow {
  files: WorkflowFiles;
  plan: JsonFileSnapshot;
  /** undefined when plan.json is not readable JSON (see `plan.unreadable`). */
  planRead?: ReadPlanResult;
  stepConfig?: JsonFileSnapshot;
  stepConfigRead?: ReadStepConfigResult;
}

/**
 * Turns an id from a URL or a request body into real paths, refusing anything that would read or
 * write outside the root: the id is checked lexically first (InvalidWorkflowId), then every existing
 * part is resolved through symlinks and must still lie inside the root (WorkflowNotFound otherwise,
 * as if absent). Run folders (run-folders.ts) are never workflows, by name (InvalidWorkflowId) or
 * by where a symlink leads (WorkflowNotFound).
 */
export async function locateWorkflow(rootReal: string, id: string): Promise<WorkflowFiles> {
  const check = checkWorkflowId(id);
  if (!check.ok) throw new InvalidWorkflowId(id, check.reason, 'id');
  assertIdOutsideRunFolders(id, check.segments);
  const notFound = () => new WorkflowNotFound(id);
  // A folder or file reached through a symlink into a run folder is no workflow's either (as if absent).
  const inRunFolder = (real: string) => isRealPathInRunFolder(rootReal, real);
  const dir = await realPathInside(rootReal, await joinAsOnDisk(rootReal, check.segments));
  if (!dir || dir === rootReal || inRunFolder(dir)) throw notFound();
  const planningDir = await realPathInside(rootReal, join(dir, 'planning'));
  if (!planningDir || inRunFolder(planningDir)) throw notFound();
  const planPath = await realPathInside(rootReal, join(planningDir, 'plan.json'));
  if (!planPath || inRunFolder(planPath)) throw notFound();
  const stepConfigLink = join(planningDir, 'step_config.json');
  let stepConfigPath = await realPathInside(rootReal, stepConfigLink);
  if (stepConfigPath && inRunFolder(stepConfigPath)) throw notFound();
  if (!stepConfigPath) {
    // Either absent (fine: the file is optional) or a symlink leading out of the root or
    // nowhere, which must be neither read through nor replaced.
    if (await pathVisible(stepConfigLink)) throw notFound();
    stepConfigPath = stepConfigLink;
  }
  return { id, dir, planningDir, planPath, stepConfigPath, learningsDir: join(dir, 'learnings') };
}

export async function loadWorkflow(files: WorkflowFiles): Promise<LoadedWorkflow> {
  const [plan, stepConfig] = await Promise.all([readJsonFile(files.planPath), readJsonFile(files.stepConfigPath)]);
  if (!plan) throw new WorkflowNotFound(files.id);
  return { files, plan, ...(plan.source ? { planRead: readPlan(plan.source.value) } : {}), ...stepConfigPart(stepConfig) };
}

/** The step_config half of a LoadedWorkflow, from a snapshot (or nothing when the file is absent). */
export function stepConfigPart(stepConfig: JsonFileSnapshot | undefined): Pick<LoadedWorkflow, 'stepConfig' | 'stepConfigRead'> {
  if (!stepConfig) return {};
  return { stepConfig, ...(stepConfig.source ? { stepConfigRead: readStepConfig(stepConfig.source.value) } : {}) };
}

/** Promotions of the file as it is now, plus those remembered from earlier flattening saves. */
export function allPromotions(loaded: LoadedWorkflow, remembered: ReadonlyArray<LegacyPromotion>): LegacyPromotion[] {
  return mergePromotions(loaded.planRead?.promotions ?? [], remembered);
}

export function mergePromotions(current: ReadonlyArray<LegacyPromotion>, remembered: ReadonlyArray<LegacyPromotion>): LegacyPromotion[] {
  const key = (p: LegacyPromotion) => p.innerId ?? `@${p.path}`;
  const seen = new Set(current.map(key));
  return [...current, ...remembered.filter((p) => !seen.has(key(p)))];
}

const schemaProblems = (document: DocumentName, details: ReadonlyArray<ErrorDetail>): WorkflowProblem[] =>
  details.map((d) => ({ code: 'schema', severity: 'error', path: d.path, message: d.message, document }));

/**
 * Everything wrong with a workflow, without ever refusing to open it: schema problems are
 * reported like graph problems (code `schema`), so a plan with one bad field still loads.
 */
export function workflowProblems(loaded: LoadedWorkflow, remembered: ReadonlyArray<LegacyPromotion> = []): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const { planRead, stepConfigRead } = loaded;
  if (loaded.plan.unreadable) problems.push(...schemaProblems('plan', [loaded.plan.unreadable]));
  if (planRead && !planRead.ok) problems.push(...schemaProblems('plan', planRead.details));
  // The graph checks also run on a plan that breaks the schema: one bad field hides no dangling target.
  const checkable = planRead ? (planRead.ok ? planRead.plan : planRead.partial) : undefined;
  if (planRead && checkable) {
    const generation = planRead.generation?.generation;
    problems.push(...checkPlan(checkable, generation ? { generation } : {}).map((p) => ({ ...p, document: 'plan' as const })));
    for (const promotion of planRead.promotions) {
      problems.push({
        code: 'legacy_format',
        severity: 'warning',
        path: promotion.path,
        stepId: promotion.outerId,
        message: `todo_task "${promotion.outerId}" is stored in the legacy nested form; it is read flat and the next save (or migrate) writes it flat`,
        document: 'plan',
      });
    }
  }
  if (loaded.stepConfig?.unreadable) problems.push(...schemaProblems('step_config', [loaded.stepConfig.unreadable]));
  if (stepConfigRead && !stepConfigRead.ok) problems.push(...schemaProblems('step_config', stepConfigRead.details));
  if (stepConfigRead?.ok && checkable) {
    const found = checkStepConfig(checkable, stepConfigRead.config, { form: stepConfigRead.form, promotions: allPromotions(loaded, remembered) });
    problems.push(...found.map((p) => ({ ...p, document: 'step_config' as const })));
  }
  return problems;
}

/** The plan in flat form, even when it breaks the schema (so the editor can show and fix it). */
export function flatPlanOf(read: ReadPlanResult): unknown {
  return read.ok ? read.plan : read.promoted;
}

/** The step config in object form, even when it breaks the schema. */
export function stepConfigObjectOf(read: ReadStepConfigResult, raw: unknown): unknown {
  if (read.ok) return read.config;
  return Array.isArray(raw) ? { steps: raw } : raw;
}

export function workflowTitle(id: string, plan: unknown): string {
  if (typeof plan === 'object' && plan !== null && !Array.isArray(plan)) {
    for (const key of ['title', 'name']) {
      const value = (plan as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return id.split('/').pop() ?? id;
}
