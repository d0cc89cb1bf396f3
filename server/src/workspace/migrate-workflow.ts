import { lstat, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  planWorkflowMigration,
  readPlan,
  readStepConfig,
  stepConfigForFile,
  planForFile,
  stringifyPreserving,
  type LegacyPromotion,
  type MigrationChange,
  type MigrationResult,
  type StepConfig,
  type StepConfigForm,
} from '@planvas/shared';
import { NotFound, UnreadableDocument, Unprocessable } from '../errors/domain-errors';
import { messages } from '../errors/messages';
import { writeFileAtomic } from './atomic-write';
import { readJsonFile } from './json-file';
import { revisionOf } from './revision';
import { isSafeSegment } from './safe-path';
import { mergePromotions } from './workflow-files';

export interface MigrationTarget {
  planPath: string;
  stepConfigPath: string;
  learningsDir: string;
}

/**
 * docs/formats.md "Migrating old plans" over one workflow folder: plan.json flat, orphaned step_config
 * entries merged into the outer step (its own settings win) or removed, and learnings of an old
 * inner id moved to the outer id when that folder does not exist yet.
 *
 * Order matters for a crash half-way: learnings first, then step_config, and plan.json last,
 * because the legacy plan is what tells a re-run which inner ids belong to which outer step.
 */
export async function migrateWorkflowFiles(
  target: MigrationTarget,
  options: { dryRun: boolean; rememberedPromotions?: ReadonlyArray<LegacyPromotion> },
): Promise<MigrationResult> {
  const plan = await readJsonFile(target.planPath);
  if (!plan) throw new NotFound('plan_not_found', `${target.planPath} does not exist`);
  if (!plan.source) throw new UnreadableDocument('plan.json', plan.unreadable, plan.revision);
  const planRead = readPlan(plan.source.value);
  if (!planRead.ok) throw new Unprocessable('plan_invalid', messages.planInvalidForMigration, planRead.details, { currentRevision: plan.revision });

  const config = await readJsonFile(target.stepConfigPath);
  let stepConfig: StepConfig | undefined;
  let form: StepConfigForm = 'object';
  if (config) {
    if (!config.source) throw new UnreadableDocument('step_config.json', config.unreadable, config.revision);
    const read = readStepConfig(config.source.value);
    if (!read.ok)
      throw new Unprocessable('step_config_invalid', 'step_config.json does not match the schema; fix it before migrating', read.details, {
        currentRevision: config.revision,
      });
    stepConfig = read.config;
    form = read.form;
  }

  const promotions = mergePromotions(planRead.promotions, options.rememberedPromotions ?? []);
  const migration = planWorkflowMigration({
    plan: planRead.plan,
    promotions,
    ...(stepConfig ? { stepConfig } : {}),
    learningsFolders: await learningsFolders(target.learningsDir),
  });
  const changes = migration.changes.map((change) => guardRename(change));
  const renames = changes.flatMap((c) => (c.kind === 'learnings_renamed' ? [{ from: c.from, to: c.to }] : []));

  const result: MigrationResult = {
    dryRun: options.dryRun,
    legacy: planRead.legacy,
    changes,
    planWritten: false,
    stepConfigWritten: false,
    planRevision: plan.revision,
    stepConfigRevision: config?.revision ?? null,
  };
  if (options.dryRun) return result;

  for (const { from, to } of renames) await renameFolderIfFree(join(target.learningsDir, from), join(target.learningsDir, to));
  if (config?.source && migration.stepConfig && migration.stepConfig !== stepConfig) {
    const text = stringifyPreserving(stepConfigForFile(migration.stepConfig, form), config.source);
    if (text !== config.source.text) {
      await writeFileAtomic(target.stepConfigPath, text);
      result.stepConfigWritten = true;
      result.stepConfigRevision = revisionOf(text);
    }
  }
  if (planRead.legacy) {
    const text = stringifyPreserving(planForFile(planRead.plan), plan.source);
    if (text !== plan.source.text) {
      await writeFileAtomic(target.planPath, text);
      result.planWritten = true;
      result.planRevision = revisionOf(text);
    }
  }
  return result;
}

/** A step id from the plan becomes a folder name: one that would leave learnings/ is not used. */
function guardRename(change: MigrationChange): MigrationChange {
  if (change.kind !== 'learnings_renamed' || isSafeSegment(change.to)) return change;
  return { kind: 'learnings_kept', from: change.from, to: change.to, reason: `step id "${change.to}" is not a usable folder name` };
}

async function learningsFolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function renameFolderIfFree(from: string, to: string): Promise<void> {
  // rename() would replace an empty target folder; the seed's rule is "only when it does not exist".
  try {
    await lstat(to);
    return;
  } catch {
    await rename(from, to);
  }
}
