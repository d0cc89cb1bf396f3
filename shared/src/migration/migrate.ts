import { checkStepConfig } from '../step-config/checks';
import type { AgentConfigs, StepConfig, StepConfigEntry } from '../step-config/schema';
import type { LegacyPromotion } from '../plan/legacy';
import type { Plan } from '../plan/plan';

export type MigrationChange =
  | { kind: 'plan_flattened'; path: string; stepId: string; innerId?: string; promoted: string[] }
  | { kind: 'step_config_merged'; from: string; into: string }
  | { kind: 'step_config_renamed'; from: string; to: string }
  | { kind: 'step_config_removed'; id: string }
  | { kind: 'learnings_renamed'; from: string; to: string }
  | { kind: 'learnings_kept'; from: string; to: string; reason: string };

/** What migrating one workflow folder did, or would do (`dryRun`): the migrate endpoint's answer, less its problems. */
export interface MigrationResult {
  dryRun: boolean;
  /** The plan held a legacy nested todo_task (it is, or would be, written flat). */
  legacy: boolean;
  changes: MigrationChange[];
  planWritten: boolean;
  stepConfigWritten: boolean;
  planRevision: string;
  stepConfigRevision: string | null;
}

export interface WorkflowMigration {
  changes: MigrationChange[];
  /** The new step_config (object form is not imposed: the caller keeps the file's form). */
  stepConfig: StepConfig | undefined;
  /** learnings/<from>/ -> learnings/<to>/ renames to perform. */
  learningsRenames: Array<{ from: string; to: string }>;
}

/**
 * docs/formats.md "Migrating old plans", as one pure plan of changes: the flat plan is already the read
 * form; step_config entries under old inner ids are merged into (or renamed to) the outer step's,
 * entries naming no step are removed, and learnings folders of inner ids move to the outer id when
 * the outer folder does not exist yet.
 */
export function planWorkflowMigration(input: {
  plan: Plan;
  promotions: ReadonlyArray<LegacyPromotion>;
  stepConfig?: StepConfig;
  learningsFolders?: ReadonlyArray<string>;
}): WorkflowMigration {
  const changes: MigrationChange[] = input.promotions.map((p) => ({
    kind: 'plan_flattened',
    path: p.path,
    stepId: p.outerId,
    ...(p.innerId ? { innerId: p.innerId } : {}),
    promoted: p.promoted,
  }));

  let stepConfig = input.stepConfig;
  if (stepConfig) {
    const problems = checkStepConfig(input.plan, stepConfig, { promotions: input.promotions });
    let entries: StepConfigEntry[] = [...stepConfig.steps];
    for (const problem of problems) {
      if (problem.code !== 'orphan_step_config' || !problem.stepId || !problem.suggestion) continue;
      const orphanId = problem.stepId;
      const orphan = entries.find((e) => e.id === orphanId);
      if (!orphan) continue;
      if (problem.suggestion.action === 'remove') {
        entries = entries.filter((e) => e !== orphan);
        changes.push({ kind: 'step_config_removed', id: orphanId });
        continue;
      }
      const into = problem.suggestion.into;
      const target = entries.find((e) => e.id === into);
      if (target) {
        // The outer step's own settings win: they were set for the step as it runs today.
        const merged: StepConfigEntry = {
          ...target,
          agent_configs: { ...(orphan.agent_configs ?? {}), ...(target.agent_configs ?? {}) } as AgentConfigs,
          ...((target.validation_schema ?? orphan.validation_schema) ? { validation_schema: target.validation_schema ?? orphan.validation_schema } : {}),
        };
        entries = entries.filter((e) => e !== orphan).map((e) => (e === target ? merged : e));
        changes.push({ kind: 'step_config_merged', from: orphanId, into });
      } else {
        entries = entries.map((e) => (e === orphan ? { ...orphan, id: into } : e));
        changes.push({ kind: 'step_config_renamed', from: orphanId, to: into });
      }
    }
    if (entries.length !== stepConfig.steps.length || entries.some((e, i) => e !== stepConfig?.steps[i])) {
      stepConfig = { ...stepConfig, steps: entries };
    }
  }

  const learningsRenames: Array<{ from: string; to: string }> = [];
  const folders = new Set(input.learningsFolders ?? []);
  for (const p of input.promotions) {
    if (!p.innerId || !folders.has(p.innerId)) continue;
    if (folders.has(p.outerId)) {
      changes.push({ kind: 'learnings_kept', from: p.innerId, to: p.outerId, reason: `learnings/${p.outerId}/ already exists` });
    } else {
      learningsRenames.push({ from: p.innerId, to: p.outerId });
      changes.push({ kind: 'learnings_renamed', from: p.innerId, to: p.outerId });
    }
  }
  return { changes, stepConfig, learningsRenames };
}
