import { stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { planForFile, readPlan, stringifyPreserving, type MigrationChange } from '@planvas/shared';
import { DomainError } from '../errors/domain-errors';
import { writeFileAtomic } from '../workspace/atomic-write';
import { readJsonFile } from '../workspace/json-file';
import { migrateWorkflowFiles } from '../workspace/migrate-workflow';

export interface CommandIo {
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const MIGRATE_USAGE = `usage: pnpm planvas migrate <plan.json | workflow folder> [--dry-run]

  plan.json        flatten legacy nested todo_task steps in this file (as the seed system's migration script does)
  workflow folder  also merge/remove orphaned step_config.json entries and rename
                   learnings/<old inner id>/ to learnings/<outer id>/
  --dry-run        print what would change, write nothing`;

export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly lines: string[] = [],
  ) {
    super(message);
  }
}

/**
 * `planvas migrate`: prints `Migrated <path>` or `<path> already in flat format`, like the
 * seed's script, and is idempotent. The file keeps its own indent, key order and final newline
 * (a file written by the seed's script has 2 spaces and a trailing newline).
 */
export async function runMigrate(args: ReadonlyArray<string>, io: CommandIo): Promise<void> {
  const dryRun = args.includes('--dry-run');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--dry-run');
  if (unknown.length > 0) throw new CommandError(`unknown option ${unknown[0]}\n\n${MIGRATE_USAGE}`, 2);
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length !== 1) throw new CommandError(`expected one plan.json or workflow folder\n\n${MIGRATE_USAGE}`, 2);
  const shown = paths[0] as string;
  const target = resolve(io.cwd, shown);
  const info = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw new CommandError(`cannot read ${shown}: ${error.message}`);
    const where = isAbsolute(shown) ? '' : ` (relative paths are resolved from ${io.cwd})`;
    throw new CommandError(`${shown} does not exist${where}`);
  });
  if (info.isDirectory()) await migrateFolder(target, shown, dryRun, io);
  else await migratePlanFile(target, shown, dryRun, io);
}

async function migratePlanFile(path: string, shown: string, dryRun: boolean, io: CommandIo): Promise<void> {
  const snapshot = await readJsonFile(path).catch((error: Error) => {
    throw new CommandError(`cannot read ${shown}: ${error.message}`);
  });
  if (!snapshot) throw new CommandError(`${shown} does not exist`);
  if (!snapshot.source) throw new CommandError(`${shown} is not valid JSON: ${snapshot.unreadable?.message ?? 'unreadable'}`);
  const read = readPlan(snapshot.source.value);
  if (!read.ok)
    throw new CommandError(
      `${shown} is not a valid plan; nothing was written`,
      1,
      read.details.map((d) => `  ${d.path}: ${d.message}`),
    );
  if (!read.legacy) {
    io.out(`${shown} already in flat format`);
    return;
  }
  if (!dryRun) await writeFileAtomic(path, stringifyPreserving(planForFile(read.plan), snapshot.source));
  io.out(`${dryRun ? 'Would migrate' : 'Migrated'} ${shown}`);
}

async function migrateFolder(dir: string, shown: string, dryRun: boolean, io: CommandIo): Promise<void> {
  const planPath = join(dir, 'planning', 'plan.json');
  const shownPlan = join(shown, 'planning', 'plan.json');
  if (!(await stat(planPath).catch(() => undefined))?.isFile()) {
    throw new CommandError(`${shown} is not a workflow folder: it has no planning/plan.json`);
  }
  try {
    const result = await migrateWorkflowFiles(
      { planPath, stepConfigPath: join(dir, 'planning', 'step_config.json'), learningsDir: join(dir, 'learnings') },
      { dryRun },
    );
    io.out(result.legacy ? `${dryRun ? 'Would migrate' : 'Migrated'} ${shownPlan}` : `${shownPlan} already in flat format`);
    for (const change of result.changes) {
      const line = describeChange(change);
      if (line) io.out(`  ${line}`);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      // The API's advice after the semicolon ("replace it with a PUT") does not apply here.
      const reason = error.message.replace(/;.*$/, '');
      throw new CommandError(
        `${shown}: ${reason}; nothing was written`,
        1,
        error.details.map((d) => `  ${d.path}: ${d.message}`),
      );
    }
    throw error;
  }
}

/** Plan flattening is the headline; the other changes are listed under it. */
function describeChange(change: MigrationChange): string | undefined {
  switch (change.kind) {
    case 'plan_flattened':
      return undefined;
    case 'step_config_merged':
      return `step_config.json: merged "${change.from}" into "${change.into}" (the outer step's own settings win)`;
    case 'step_config_renamed':
      return `step_config.json: renamed "${change.from}" to "${change.to}"`;
    case 'step_config_removed':
      return `step_config.json: removed "${change.id}" (matches no step)`;
    case 'learnings_renamed':
      return `learnings: renamed ${change.from}/ to ${change.to}/`;
    case 'learnings_kept':
      return `learnings: kept ${change.from}/ (${change.reason})`;
  }
}
