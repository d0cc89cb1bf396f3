import {
  introducedSchemaProblems,
  jsonEqual,
  planForFile,
  promoteLegacyPlan,
  readPlan,
  readStepConfig,
  stepConfigForFile,
  stringifyPreserving,
  type JsonSource,
  type ReadPlanResult,
} from '@planvas/shared';
import { SchemaViolation, StaleRevision, WorkflowNotFound } from '../errors/domain-errors';
import type { AtomicWriteOptions } from './atomic-write';
import type { DocumentWritten, DocumentWrites, WriteContext } from './document-writes';
import type { HeldFileLock } from './file-locks';
import { readJsonFile, type JsonFileSnapshot } from './json-file';
import { assertPrecondition, type Precondition } from './precondition';
import { revisionOf } from './revision';
import { unchangedSinceRead } from './unchanged-since-read';
import { stepConfigPart, workflowProblems, type DocumentName, type LoadedWorkflow, type WorkflowProblem } from './workflow-files';

export interface SaveResult {
  revision: string;
  /** false for a no-op save: the file was left exactly as it was. */
  written: boolean;
  problems: WorkflowProblem[];
}

/** Who asked for the save, and how the body spelled its numbers (json-body-parser's parse, for the writer to keep). */
export interface SaveContext extends WriteContext {
  spellings?: JsonSource | undefined;
}

/**
 * Saves a plan sent in flat form. A body that says what the file already says (after legacy
 * promotion) writes nothing, so a no-op save of a legacy file stays byte-identical; any other
 * body is written over the file's own formatting (key order, indent, newline), flat.
 *
 * What the user opened can always be saved: schema problems the file already had are reported,
 * not enforced. Refused (SchemaViolation) are bodies that are not a plan at all, and problems the
 * edit adds.
 */
export async function savePlan(writes: DocumentWrites, id: string, body: unknown, precondition: Precondition, context: SaveContext): Promise<SaveResult> {
  const files = await writes.locate(id);
  // Validation needs no lock and is the expensive part for a big plan: done before queueing,
  // and only for the steps that differ from the plan last validated for this file.
  const validated = writes.parsed.validatedPlan(files.planPath);
  const next = readPlan(body, validated ? { validated } : {});
  if (!next.ok && !next.partial) throw new SchemaViolation('plan', next.details);
  // What goes to disk: the flat body, display ids of id-less steps dropped again.
  const nextValue = planForFile(next.ok ? next.plan : next.promoted);
  return writes.queue.run(files.planPath, async () => {
    const { snapshot, current, revision, written } = await writes.lockAcrossProcesses(files.planPath, async (lock) => {
      const snapshot = await readJsonFile(files.planPath, writes.parsed);
      if (!snapshot) throw new WorkflowNotFound(id);
      assertPrecondition(precondition, snapshot.revision, 'plan.json');
      const current = snapshot.source ? promoteLegacyPlan(snapshot.source.value) : undefined;
      if (!next.ok) {
        const introduced = introducedSchemaProblems(next, snapshot.source ? readPlan(snapshot.source.value) : undefined);
        if (introduced.length > 0) throw new SchemaViolation('plan', introduced);
      }
      let revision = snapshot.revision;
      let written = false;
      // A legacy file differs from its flat read form as text, so only the values can say that a
      // save changes nothing; for any other file the writer answers the file's own text then.
      if (!current || !current.legacy || !jsonEqual(nextValue, current.value)) {
        const text = stringifyPreserving(nextValue, snapshot.source, { spellings: context.spellings });
        if (text !== snapshot.source?.text) {
          revision = revisionOf(text);
          // An editor may have written the file since the If-Match check above: checked again last thing.
          const checks = unchangedSinceRead(snapshot, 'plan.json');
          await writes.writeFile(files.planPath, text, thenTellOthers(checks, lock, writtenBy(id, 'plan', revision, context)));
          writes.parsed.rememberLater(files.planPath, revision, text);
          written = true;
          writes.announce(id, 'plan', revision, context);
        }
      }
      return { snapshot, current, revision, written };
    });
    // Out of the cross-process lock, still in the file's queue: remembering may need a database
    // connection (team mode's state), which the lock's holder must never wait for.
    if (written && current?.legacy) await writes.memory.remember(id, current.promotions);
    if (next.ok) writes.parsed.rememberValidatedPlan(files.planPath, next.plan);
    const config = await readJsonFile(files.stepConfigPath, writes.parsed);
    // Problems describe the file as it now is: written flat, or (no-op) as it was.
    const planRead: ReadPlanResult =
      written || !current?.legacy ? { ...next, legacy: false, promotions: [] } : { ...next, legacy: true, promotions: current.promotions };
    const now: LoadedWorkflow = { files, plan: snapshotAfter(snapshot, revision), planRead, ...stepConfigPart(config) };
    return { revision, written, problems: workflowProblems(now, writes.memory.recall(id)) };
  });
}

/**
 * Saves step_config.json, keeping the file's form (a legacy bare array stays an array). An
 * absent file is created only with If-Match: "absent", and never replaces one that appeared.
 */
export async function saveStepConfig(writes: DocumentWrites, id: string, body: unknown, precondition: Precondition, context: SaveContext): Promise<SaveResult> {
  const next = readStepConfig(body);
  if (!next.ok) throw new SchemaViolation('step config', next.details);
  const files = await writes.locate(id);
  return writes.queue.run(files.stepConfigPath, async () => {
    const { snapshot, value, text, revision } = await writes.lockAcrossProcesses(files.stepConfigPath, async (lock) => {
      const snapshot = await readJsonFile(files.stepConfigPath, writes.parsed);
      assertPrecondition(precondition, snapshot?.revision, 'step_config.json');
      const form = snapshot?.source ? readStepConfig(snapshot.source.value).form : 'object';
      const value = stepConfigForFile(next.config, form);
      const unchanged = snapshot?.source !== undefined && jsonEqual(value, snapshot.source.value);
      const text = unchanged ? undefined : stringifyPreserving(value, snapshot?.source, { spellings: context.spellings });
      let revision = snapshot?.revision;
      if (text !== undefined && text !== snapshot?.source?.text) {
        const nextRevision = revisionOf(text);
        try {
          // Created exclusively (link fails on a file that appeared); replaced only if still as read.
          const checks = snapshot ? unchangedSinceRead(snapshot, 'step_config.json') : { exclusive: true };
          await writes.writeFile(files.stepConfigPath, text, thenTellOthers(checks, lock, writtenBy(id, 'step_config', nextRevision, context)));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw StaleRevision.appeared('step_config.json');
          throw error;
        }
        revision = nextRevision;
        writes.parsed.rememberLater(files.stepConfigPath, revision, text);
        writes.announce(id, 'step_config', revision, context);
      }
      return { snapshot, value, text, revision };
    });
    const written = revision !== snapshot?.revision;
    const plan = await readJsonFile(files.planPath, writes.parsed);
    const problems = plan
      ? workflowProblems(
          { files, plan, ...(plan.source ? { planRead: readPlan(plan.source.value) } : {}), stepConfigRead: readStepConfig(value) },
          writes.memory.recall(id),
        )
      : [];
    return { revision: revision ?? revisionOf(text ?? ''), written, problems };
  });
}

function writtenBy(workflowId: string, document: DocumentName, revision: string, context: WriteContext): DocumentWritten {
  return { workflowId, document, revision, ...(context.clientId !== undefined ? { clientId: context.clientId } : {}) };
}

/**
 * The write's own checks, then the lock's notice to the other instances (file-locks.ts): the last
 * thing before the rename, so a save refused by its checks tells nobody anything.
 */
function thenTellOthers(options: AtomicWriteOptions, lock: HeldFileLock, written: DocumentWritten): AtomicWriteOptions {
  const { beforeRename } = options;
  return {
    ...options,
    beforeRename: async () => {
      await beforeRename?.();
      await lock.writing(written);
    },
  };
}

/** After a save the plan is readable by construction; only the revision changes. */
function snapshotAfter(snapshot: JsonFileSnapshot, revision: string): JsonFileSnapshot {
  const { unreadable: _dropped, ...rest } = snapshot;
  return { ...rest, revision };
}
