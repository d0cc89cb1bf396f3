import { lstat, mkdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  introducedSchemaProblems,
  jsonEqual,
  planForFile,
  promoteLegacyPlan,
  readPlan,
  readStepConfig,
  stepConfigForFile,
  stringifyPreserving,
  type GenerationReport,
  type LegacyPromotion,
  type MigrationResult,
  type ReadPlanResult,
  type StepConfigForm,
} from '@planvas/shared';
import { ApiError, messages } from '../errors';
import { assertPrecondition, type Precondition } from '../http/if-match';
import { jsonBodySource } from '../plugins/json-body-parser';
import { writeFileAtomic, type AtomicWriter } from './atomic-write';
import { SKIPPED_FOLDERS, discoverWorkflows, walkWorkspace } from './discover-workflows';
import { ParsedJsonCache, readJsonFile, type JsonFileSnapshot } from './json-file';
import { KeyedQueue } from './keyed-queue';
import { migrateWorkflowFiles } from './migrate-workflow';
import { revisionOf } from './revision';
import { StatKeyedCache } from './stat-keyed-cache';
import { assertCreatableOutsideRunFolders } from './run-folders';
import { checkWorkflowId, isInside, isMissing, realPathInside } from './safe-path';
import { removeStaleTempFiles, type TempSweep } from './stale-temp-files';
import { unchangedSinceRead } from './unchanged-since-read';
import {
  flatPlanOf,
  loadWorkflow,
  locateWorkflow,
  stepConfigObjectOf,
  stepConfigPart,
  workflowProblems,
  workflowTitle,
  type DocumentName,
  type LoadedWorkflow,
  type WorkflowFiles,
  type WorkflowProblem,
} from './workflow-files';
import { templateFiles, type WorkflowTemplate } from './workflow-templates';

/** Remembers legacy promotions after a save wrote a plan flat (see StateData.legacyPromotions). */
export interface LegacyMemory {
  recall(workflowId: string): LegacyPromotion[];
  remember(workflowId: string, promotions: LegacyPromotion[]): Promise<void>;
  forget(workflowId: string): Promise<void>;
}

/** The files a workflow's planning folder holds that planvas writes. */
const DOCUMENT_FILE_NAMES: ReadonlySet<string> = new Set(['plan.json', 'step_config.json']);

const noMemory: LegacyMemory = { recall: () => [], remember: async () => undefined, forget: async () => undefined };

export interface RepositoryOptions {
  /** How documents are written: writeFileAtomic, or a wrapper of it in tests (a failing disk, an editor racing a save). */
  writeFile?: AtomicWriter;
}

export interface WorkflowSummary {
  id: string;
  title: string;
  /** Steps of the main flow (not branch steps, not sub-agents). */
  stepCount: number;
  legacy: boolean;
  /** How many problems GET /api/workflows/:id would list. */
  problems: number;
}

export interface WorkflowView {
  id: string;
  title: string;
  plan: unknown;
  planRevision: string;
  stepConfig: unknown;
  stepConfigRevision: string | null;
  stepConfigForm: StepConfigForm | null;
  legacy: boolean;
  /** Which format generation the plan follows, and what in it says so. */
  generation: GenerationReport | null;
  problems: WorkflowProblem[];
}

export interface DocumentView {
  document: unknown;
  revision: string;
}

export interface SaveResult {
  revision: string;
  /** false for a no-op save: the file was left exactly as it was. */
  written: boolean;
  problems: WorkflowProblem[];
}

export interface CreatedWorkflow {
  id: string;
  planRevision: string;
  stepConfigRevision: string | null;
}

export type MigrationView = MigrationResult & { problems: WorkflowProblem[] };

/** Who asked for a write: the browser tab's id (X-Planvas-Client), so that tab can ignore its own echo. */
export interface WriteContext {
  clientId?: string;
}

/** A document planvas itself has just written (announced while the file's queue is still held). */
export interface DocumentWritten {
  workflowId: string;
  document: DocumentName;
  revision: string;
  clientId?: string;
}

export type DocumentWrittenListener = (written: DocumentWritten) => void;

/**
 * The workspace as a repository of workflows over real files. Every path it touches comes from
 * locateWorkflow (inside the root, symlinks resolved); every write is atomic and serialised per
 * file; a rejected request leaves every file exactly as it was.
 */
export class WorkspaceRepository {
  private readonly queue = new KeyedQueue();
  private readonly writeListeners = new Set<DocumentWrittenListener>();
  /** Summaries and views per workflow, valid while its files and remembered promotions are unchanged. */
  private readonly summaries = new StatKeyedCache<WorkflowSummary>();
  private readonly views = new StatKeyedCache<Readonly<WorkflowView>>();
  /** Parses of files this repository saved or read for a save, and the plans it validated. */
  private readonly parsed = new ParsedJsonCache();

  private constructor(
    readonly root: string,
    private readonly memory: LegacyMemory,
    private readonly writeFile: AtomicWriter,
  ) {}

  static async open(root: string, memory: LegacyMemory = noMemory, options: RepositoryOptions = {}): Promise<WorkspaceRepository> {
    const info = await stat(root);
    if (!info.isDirectory()) throw new Error(`${root} is not a folder`);
    return new WorkspaceRepository(await realpath(root), memory, options.writeFile ?? writeFileAtomic);
  }

  locate(id: string): Promise<WorkflowFiles> {
    return locateWorkflow(this.root, id);
  }

  /**
   * Hears of every document planvas writes, from inside that file's queue: whoever reads the
   * file through `serialized` afterwards already knows the new revision came from planvas.
   */
  onDocumentWritten(listener: DocumentWrittenListener): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Runs `task` in `path`'s write queue: it never overlaps a save of that file. */
  serialized<T>(path: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(path, task);
  }

  private announce(workflowId: string, document: DocumentName, revision: string, context: WriteContext): void {
    const written: DocumentWritten = { workflowId, document, revision, ...(context.clientId !== undefined ? { clientId: context.clientId } : {}) };
    for (const listener of this.writeListeners) {
      // The file is written whatever a listener does: a failing listener must not fail the save.
      try {
        listener(written);
      } catch {
        // ignored on purpose (see above)
      }
    }
  }

  /**
   * Removes the temp files interrupted saves left beside plan.json and step_config.json in every
   * planning folder (stale-temp-files.ts says which are safe to remove). Run once at start.
   */
  async removeInterruptedSaves(): Promise<TempSweep> {
    const sweep: TempSweep = { removed: [], failed: [] };
    const { planningFolders } = await walkWorkspace(this.root);
    await mapLimit(planningFolders, 8, ({ folder }) => removeStaleTempFiles(folder, DOCUMENT_FILE_NAMES, sweep));
    return sweep;
  }

  async list(): Promise<WorkflowSummary[]> {
    const ids = await discoverWorkflows(this.root);
    const summaries = await mapLimit(ids, 8, async (id) => {
      try {
        const files = await this.locate(id);
        return await this.summaries.get(id, [files.planPath, files.stepConfigPath], this.memoryKey(id), async () => this.summaryOf(await loadWorkflow(files)));
      } catch (error) {
        // A workflow that vanished or links out of the root since discovery is simply not listed.
        if (error instanceof ApiError && error.statusCode === 404) return undefined;
        throw error;
      }
    });
    return summaries.filter((s): s is WorkflowSummary => s !== undefined);
  }

  private summaryOf(loaded: LoadedWorkflow): WorkflowSummary {
    const plan = loaded.planRead ? flatPlanOf(loaded.planRead) : undefined;
    const steps = isRecord(plan) && Array.isArray(plan.steps) ? plan.steps : [];
    return {
      id: loaded.files.id,
      title: workflowTitle(loaded.files.id, plan),
      stepCount: steps.length,
      legacy: loaded.planRead?.legacy ?? false,
      problems: workflowProblems(loaded, this.memory.recall(loaded.files.id)).length,
    };
  }

  /** The remembered promotions take part in problems, so they are part of every cache key. */
  private memoryKey(id: string): string {
    return JSON.stringify(this.memory.recall(id));
  }

  /** The workflow as the canvas opens it. Shared between requests while its files are unchanged: do not modify it. */
  async get(id: string): Promise<Readonly<WorkflowView>> {
    const files = await this.locate(id);
    return this.views.get(id, [files.planPath, files.stepConfigPath], this.memoryKey(id), () => this.load(id, files));
  }

  private async load(id: string, files: WorkflowFiles): Promise<WorkflowView> {
    const loaded = await loadWorkflow(files);
    if (!loaded.planRead) throw unreadable('plan.json', loaded.plan);
    const plan = flatPlanOf(loaded.planRead);
    const config = loaded.stepConfig;
    return {
      id,
      title: workflowTitle(id, plan),
      plan,
      planRevision: loaded.plan.revision,
      stepConfig: loaded.stepConfigRead && config?.source ? stepConfigObjectOf(loaded.stepConfigRead, config.source.value) : null,
      stepConfigRevision: config?.revision ?? null,
      stepConfigForm: loaded.stepConfigRead?.form ?? null,
      legacy: loaded.planRead.legacy,
      generation: loaded.planRead.generation ?? null,
      problems: workflowProblems(loaded, this.memory.recall(id)),
    };
  }

  async getPlan(id: string): Promise<DocumentView> {
    const files = await this.locate(id);
    const snapshot = await readJsonFile(files.planPath);
    if (!snapshot) throw new ApiError(404, 'workflow_not_found', messages.workflowNotFound(id));
    if (!snapshot.source) throw unreadable('plan.json', snapshot);
    return { document: flatPlanOf(readPlan(snapshot.source.value)), revision: snapshot.revision };
  }

  async getStepConfig(id: string): Promise<DocumentView> {
    const files = await this.locate(id);
    const snapshot = await readJsonFile(files.stepConfigPath);
    if (!snapshot) throw new ApiError(404, 'step_config_absent', messages.stepConfigAbsent(id));
    if (!snapshot.source) throw unreadable('step_config.json', snapshot);
    const raw = snapshot.source.value;
    return { document: stepConfigObjectOf(readStepConfig(raw), raw), revision: snapshot.revision };
  }

  /**
   * Saves a plan sent in flat form. A body that says what the file already says (after legacy
   * promotion) writes nothing, so a no-op save of a legacy file stays byte-identical; any other
   * body is written over the file's own formatting (key order, indent, newline), flat.
   *
   * What the user opened can always be saved: schema problems the file already had are reported,
   * not enforced. Refused (400) are bodies that are not a plan at all, and problems the edit adds.
   */
  async savePlan(id: string, body: unknown, precondition: Precondition, context: WriteContext = {}): Promise<SaveResult> {
    const files = await this.locate(id);
    // Validation needs no lock and is the expensive part for a big plan: done before queueing,
    // and only for the steps that differ from the plan last validated for this file.
    const validated = this.parsed.validatedPlan(files.planPath);
    const next = readPlan(body, validated ? { validated } : {});
    if (!next.ok && !next.partial) throw new ApiError(400, 'schema_violation', messages.schemaViolation('plan'), next.details);
    // What goes to disk: the flat body, display ids of id-less steps dropped again.
    const nextValue = planForFile(next.ok ? next.plan : next.promoted);
    return this.queue.run(files.planPath, async () => {
      const snapshot = await readJsonFile(files.planPath, this.parsed);
      if (!snapshot) throw new ApiError(404, 'workflow_not_found', messages.workflowNotFound(id));
      assertPrecondition(precondition, snapshot.revision, 'plan.json');
      const current = snapshot.source ? promoteLegacyPlan(snapshot.source.value) : undefined;
      if (!next.ok) {
        const introduced = introducedSchemaProblems(next, snapshot.source ? readPlan(snapshot.source.value) : undefined);
        if (introduced.length > 0) throw new ApiError(400, 'schema_violation', messages.schemaViolation('plan'), introduced);
      }
      let revision = snapshot.revision;
      let written = false;
      // A legacy file differs from its flat read form as text, so only the values can say that a
      // save changes nothing; for any other file the writer answers the file's own text then.
      if (!current || !current.legacy || !jsonEqual(nextValue, current.value)) {
        const text = stringifyPreserving(nextValue, snapshot.source, { spellings: jsonBodySource(body) });
        if (text !== snapshot.source?.text) {
          // An editor may have written the file since the If-Match check above: checked again last thing.
          await this.writeFile(files.planPath, text, unchangedSinceRead(snapshot, 'plan.json'));
          revision = revisionOf(text);
          this.parsed.rememberLater(files.planPath, revision, text);
          written = true;
          this.announce(id, 'plan', revision, context);
          if (current?.legacy) await this.memory.remember(id, current.promotions);
        }
      }
      if (next.ok) this.parsed.rememberValidatedPlan(files.planPath, next.plan);
      const config = await readJsonFile(files.stepConfigPath, this.parsed);
      // Problems describe the file as it now is: written flat, or (no-op) as it was.
      const planRead: ReadPlanResult =
        written || !current?.legacy ? { ...next, legacy: false, promotions: [] } : { ...next, legacy: true, promotions: current.promotions };
      const now: LoadedWorkflow = { files, plan: snapshotAfter(snapshot, revision), planRead, ...stepConfigPart(config) };
      return { revision, written, problems: workflowProblems(now, this.memory.recall(id)) };
    });
  }

  /**
   * Saves step_config.json, keeping the file's form (a legacy bare array stays an array). An
   * absent file is created only with If-Match: "absent", and never replaces one that appeared.
   */
  async saveStepConfig(id: string, body: unknown, precondition: Precondition, context: WriteContext = {}): Promise<SaveResult> {
    const next = readStepConfig(body);
    if (!next.ok) throw new ApiError(400, 'schema_violation', messages.schemaViolation('step config'), next.details);
    const files = await this.locate(id);
    return this.queue.run(files.stepConfigPath, async () => {
      const snapshot = await readJsonFile(files.stepConfigPath, this.parsed);
      assertPrecondition(precondition, snapshot?.revision, 'step_config.json');
      const form = snapshot?.source ? readStepConfig(snapshot.source.value).form : 'object';
      const value = stepConfigForFile(next.config, form);
      const unchanged = snapshot?.source !== undefined && jsonEqual(value, snapshot.source.value);
      const text = unchanged ? undefined : stringifyPreserving(value, snapshot?.source, { spellings: jsonBodySource(body) });
      let revision = snapshot?.revision;
      if (text !== undefined && text !== snapshot?.source?.text) {
        try {
          // Created exclusively (link fails on a file that appeared); replaced only if still as read.
          await this.writeFile(
            files.stepConfigPath,
            text,
            snapshot ? unchangedSinceRead(snapshot, 'step_config.json') : { exclusive: true },
          );
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
            throw new ApiError(412, 'stale_revision', messages.ifMatchAbsentButExists('step_config.json'));
          }
          throw error;
        }
        revision = revisionOf(text);
        this.parsed.rememberLater(files.stepConfigPath, revision, text);
        this.announce(id, 'step_config', revision, context);
      }
      const written = revision !== snapshot?.revision;
      const plan = await readJsonFile(files.planPath, this.parsed);
      const problems = plan
        ? workflowProblems(
            { files, plan, ...(plan.source ? { planRead: readPlan(plan.source.value) } : {}), stepConfigRead: readStepConfig(value) },
            this.memory.recall(id),
          )
        : [];
      return { revision: revision ?? revisionOf(text ?? ''), written, problems };
    });
  }

  /** Creates `<id>/planning/plan.json` (+ an empty step_config.json) from a template. */
  async create(id: string, template: WorkflowTemplate, objective: string, context: WriteContext = {}): Promise<CreatedWorkflow> {
    const check = checkWorkflowId(id);
    if (!check.ok) throw new ApiError(400, 'invalid_workflow_id', messages.invalidWorkflowId(id, check.reason), [{ path: '$.id', message: check.reason }]);
    const hidden = check.segments.find((s) => s.startsWith('.') || SKIPPED_FOLDERS.has(s));
    if (hidden) {
      const reason = `"${hidden}" is a reserved or hidden folder name, where workflows are not looked for`;
      throw new ApiError(400, 'invalid_workflow_id', messages.invalidWorkflowId(id, reason), [{ path: '$.id', message: reason }]);
    }
    const lexical = join(this.root, ...check.segments);
    await this.assertCreatableInside(id, lexical);
    await assertCreatableOutsideRunFolders(this.root, id, lexical);
    const planningLexical = join(lexical, 'planning');
    return this.queue.run(join(planningLexical, 'plan.json'), async () => {
      if (await pathExists(join(planningLexical, 'plan.json'))) throw new ApiError(409, 'workflow_exists', messages.workflowExists(id));
      await mkdir(planningLexical, { recursive: true });
      // Checked again after mkdir: a symlink swapped in meanwhile must not send the write outside.
      const planningDir = await realPathInside(this.root, planningLexical);
      if (!planningDir) throw new ApiError(400, 'invalid_workflow_id', messages.invalidWorkflowId(id, 'it leads outside the workspace root'));
      const files = templateFiles(template, objective);
      const planText = stringifyPreserving(files.plan);
      try {
        await this.writeFile(join(planningDir, 'plan.json'), planText, { exclusive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ApiError(409, 'workflow_exists', messages.workflowExists(id));
        throw error;
      }
      const configText = stringifyPreserving(files.stepConfig);
      let stepConfigRevision: string | null = revisionOf(configText);
      try {
        await this.writeFile(join(planningDir, 'step_config.json'), configText, { exclusive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // A step_config.json that was already there is the user's: it is kept as it is.
        stepConfigRevision = (await readJsonFile(join(planningDir, 'step_config.json')))?.revision ?? null;
      }
      // step_config first: a listener that learns of a new workflow from its plan then knows both.
      if (stepConfigRevision !== null) this.announce(id, 'step_config', stepConfigRevision, context);
      this.announce(id, 'plan', revisionOf(planText), context);
      return { id, planRevision: revisionOf(planText), stepConfigRevision };
    });
  }

  /** The deepest part of the new path that exists already must be a real folder inside the root. */
  private async assertCreatableInside(id: string, lexical: string): Promise<void> {
    let probe = lexical;
    while (!(await pathExists(probe))) probe = join(probe, '..');
    const real = await realPathInside(this.root, probe);
    const outside = !real || !isInside(this.root, real);
    if (outside) throw new ApiError(400, 'invalid_workflow_id', messages.invalidWorkflowId(id, 'it leads outside the workspace root'));
    if (!(await stat(real)).isDirectory()) {
      throw new ApiError(409, 'workflow_exists', messages.invalidWorkflowId(id, `${probe.slice(this.root.length + 1)} is a file`));
    }
  }

  async migrate(id: string, dryRun: boolean, context: WriteContext = {}): Promise<MigrationView> {
    const files = await this.locate(id);
    const result = await this.queue.run(files.planPath, () =>
      this.queue.run(files.stepConfigPath, async () => {
        const migrated = await migrateWorkflowFiles(files, { dryRun, rememberedPromotions: this.memory.recall(id) });
        if (migrated.stepConfigWritten && migrated.stepConfigRevision !== null) this.announce(id, 'step_config', migrated.stepConfigRevision, context);
        if (migrated.planWritten) this.announce(id, 'plan', migrated.planRevision, context);
        return migrated;
      }),
    );
    if (!dryRun) await this.memory.forget(id);
    const loaded = await loadWorkflow(files);
    return { ...result, problems: workflowProblems(loaded, this.memory.recall(id)) };
  }
}

function unreadable(file: string, snapshot: JsonFileSnapshot): ApiError {
  return new ApiError(422, 'unreadable_document', messages.unreadableDocument(file), snapshot.unreadable ? [snapshot.unreadable] : [], {
    currentRevision: snapshot.revision,
  });
}

/** After a save the plan is readable by construction; only the revision changes. */
function snapshotAfter(snapshot: JsonFileSnapshot, revision: string): JsonFileSnapshot {
  const { unreadable: _dropped, ...rest } = snapshot;
  return { ...rest, revision };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function mapLimit<T, R>(items: ReadonlyArray<T>, limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
