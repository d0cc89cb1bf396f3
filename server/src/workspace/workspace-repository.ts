import { realpath, stat } from 'node:fs/promises';
import { readPlan, readStepConfig, type GenerationReport, type MigrationResult, type StepConfigForm } from '@planvas/shared';
import { StepConfigAbsent, UnreadableDocument, WorkflowNotFound } from '../errors/domain-errors';
import { writeFileAtomic, type AtomicWriter } from './atomic-write';
import { discoverWorkflows, walkWorkspace } from './discover-workflows';
import { removeStaleSetAsideFolders } from './stale-set-aside-folders';
import { savePlan, saveStepConfig, type SaveContext, type SaveResult } from './document-saves';
import type {
  DocumentWrites,
  DocumentWritten,
  DocumentWrittenListener,
  LegacyMemory,
  WriteContext,
  WrittenElsewhere,
  WrittenElsewhereListener,
} from './document-writes';
import { IN_PROCESS_ONLY, fileLockName, type FileLocks, type HeldFileLock } from './file-locks';
import { ParsedJsonCache, readJsonFile } from './json-file';
import { KeyedQueue } from './keyed-queue';
import { migrateWorkflowFiles } from './migrate-workflow';
import type { Precondition } from './precondition';
import { StatKeyedCache } from './stat-keyed-cache';
import { removeStaleTempFiles, type TempSweep } from './stale-temp-files';
import { createWorkflow, type CreatedWorkflow } from './workflow-creation';
import { duplicateWorkflow, type WorkflowCopy } from './workflow-duplication';
import { moveWorkflow, type MovedWorkflow } from './workflow-move';
import { folderContents, setAsideWorkflow, type FolderContents, type SetAside } from './workflow-removal';
import {
  flatPlanOf,
  loadWorkflow,
  locateWorkflow,
  stepConfigObjectOf,
  workflowProblems,
  workflowTitle,
  type DocumentName,
  type LoadedWorkflow,
  type WorkflowFiles,
  type WorkflowProblem,
} from './workflow-files';
import type { WorkflowTemplate } from './workflow-templates';

/** The files a workflow's planning folder holds that planvas writes. */
const DOCUMENT_FILE_NAMES: ReadonlySet<string> = new Set(['plan.json', 'step_config.json']);

const noMemory: LegacyMemory = { recall: () => [], remember: async () => undefined, forget: async () => undefined };

export interface RepositoryOptions {
  /** How documents are written: writeFileAtomic, or a wrapper of it in tests (a failing disk, an editor racing a save). */
  writeFile?: AtomicWriter;
  /** Team mode: the files' locks shared with the other instances on this workspace (default: none, the process' own queue is enough). */
  locks?: FileLocks;
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

export type MigrationView = MigrationResult & { problems: WorkflowProblem[] };

/**
 * The workspace as a repository of workflows over real files. Every path it touches comes from
 * locateWorkflow (inside the root, symlinks resolved); every write is atomic and serialised per
 * file; a rejected request leaves every file exactly as it was.
 */
export class WorkspaceRepository {
  private readonly queue = new KeyedQueue();
  /**
   * One migration at a time holds its two files' cross-process locks (two database connections):
   * several doing so at once could take every connection of the pool and wait for one more.
   */
  private readonly migrations = new KeyedQueue();
  private readonly writeListeners = new Set<DocumentWrittenListener>();
  private readonly elsewhereListeners = new Set<WrittenElsewhereListener>();
  /** Summaries and views per workflow, valid while its files and remembered promotions are unchanged. */
  private readonly summaries = new StatKeyedCache<WorkflowSummary>();
  private readonly views = new StatKeyedCache<Readonly<WorkflowView>>();
  /** Parses of files this repository saved or read for a save, and the plans it validated. */
  private readonly parsed = new ParsedJsonCache();
  /** What saves and creation (document-saves.ts, workflow-creation.ts) use of this repository. */
  private readonly writes: DocumentWrites;

  private constructor(
    readonly root: string,
    private readonly memory: LegacyMemory,
    writeFile: AtomicWriter,
    private readonly locks: FileLocks,
  ) {
    this.writes = {
      root,
      queue: this.queue,
      parsed: this.parsed,
      writeFile,
      memory,
      locate: (id) => this.locate(id),
      lockAcrossProcesses: (path, work) => this.lockAcrossProcesses(path, work),
      announce: (workflowId, document, revision, context) => this.announce(workflowId, document, revision, context),
    };
  }

  static async open(root: string, memory: LegacyMemory = noMemory, options: RepositoryOptions = {}): Promise<WorkspaceRepository> {
    const info = await stat(root);
    if (!info.isDirectory()) throw new Error(`${root} is not a folder`);
    return new WorkspaceRepository(await realpath(root), memory, options.writeFile ?? writeFileAtomic, options.locks ?? IN_PROCESS_ONLY);
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

  /**
   * Hears of the documents other planvas instances on this workspace write (team mode: what
   * `writtenElsewhere` is told), for the change streams to report them as they report this one's.
   */
  onWrittenElsewhere(listener: WrittenElsewhereListener): () => void {
    this.elsewhereListeners.add(listener);
    return () => this.elsewhereListeners.delete(listener);
  }

  /** Another instance is writing or wrote a document (its notice, heard by the team wiring in plugins/workspace.ts). */
  writtenElsewhere(written: WrittenElsewhere): void {
    for (const listener of this.elsewhereListeners) {
      try {
        listener(written);
      } catch {
        // A failing listener must not keep the others from hearing it.
      }
    }
  }

  private lockAcrossProcesses<T>(path: string, work: (lock: HeldFileLock) => Promise<T>): Promise<T> {
    return this.locks.withLock(fileLockName(this.root, path), work);
  }

  /** Runs `task` in `path`'s write queue: it never overlaps a save of that file. */
  serialized<T>(path: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(path, task);
  }

  private announce(workflowId: string, document: DocumentName, revision: string | null, context: WriteContext): void {
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
   * planning folder (stale-temp-files.ts says which are safe to remove), and the hidden folders of
   * interrupted workflow copies and deletes (stale-set-aside-folders.ts). Run once at start.
   */
  async removeInterruptedSaves(now = Date.now()): Promise<TempSweep> {
    const sweep: TempSweep = { removed: [], failed: [] };
    const { planningFolders, setAsideFolders } = await walkWorkspace(this.root);
    await mapLimit(planningFolders, 8, ({ folder }) => removeStaleTempFiles(folder, DOCUMENT_FILE_NAMES, sweep));
    await removeStaleSetAsideFolders(setAsideFolders, sweep, now);
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
        if (error instanceof WorkflowNotFound) return undefined;
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
    if (!loaded.planRead) throw new UnreadableDocument('plan.json', loaded.plan.unreadable, loaded.plan.revision);
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
    if (!snapshot) throw new WorkflowNotFound(id);
    if (!snapshot.source) throw new UnreadableDocument('plan.json', snapshot.unreadable, snapshot.revision);
    return { document: flatPlanOf(readPlan(snapshot.source.value)), revision: snapshot.revision };
  }

  async getStepConfig(id: string): Promise<DocumentView> {
    const files = await this.locate(id);
    const snapshot = await readJsonFile(files.stepConfigPath);
    if (!snapshot) throw new StepConfigAbsent(id);
    if (!snapshot.source) throw new UnreadableDocument('step_config.json', snapshot.unreadable, snapshot.revision);
    const raw = snapshot.source.value;
    return { document: stepConfigObjectOf(readStepConfig(raw), raw), revision: snapshot.revision };
  }

  /** Saves plan.json (document-saves.ts): only what the body changes, over the file's own formatting. */
  savePlan(id: string, body: unknown, precondition: Precondition, context: SaveContext = {}): Promise<SaveResult> {
    return savePlan(this.writes, id, body, precondition, context);
  }

  /** Saves step_config.json (document-saves.ts), keeping the file's form; creates it only with If-Match: "absent". */
  saveStepConfig(id: string, body: unknown, precondition: Precondition, context: SaveContext = {}): Promise<SaveResult> {
    return saveStepConfig(this.writes, id, body, precondition, context);
  }

  /** Creates `<id>/planning/plan.json` (+ an empty step_config.json) from a template (workflow-creation.ts). */
  create(id: string, template: WorkflowTemplate, objective: string, context: WriteContext = {}): Promise<CreatedWorkflow> {
    return createWorkflow(this.writes, id, template, objective, context);
  }

  /** Copies planning/ and learnings/ of `id` to a new workflow `newId` (workflow-duplication.ts). */
  duplicate(id: string, newId: string, context: WriteContext = {}): Promise<WorkflowCopy> {
    return duplicateWorkflow(this.writes, id, newId, context);
  }

  /** Moves `id`'s folder to `newId` (workflow-move.ts); planvas' state is the caller's to move. */
  move(id: string, newId: string, context: WriteContext = {}): Promise<MovedWorkflow> {
    return moveWorkflow(this.writes, id, newId, context);
  }

  /** What deleting `id` would remove from its folder (workflow-removal.ts). */
  folderContents(id: string): Promise<FolderContents> {
    return folderContents(this.root, id);
  }

  /** Checks If-Match and moves `id`'s folder out of sight, to be removed or put back (workflow-removal.ts). */
  setAside(id: string, precondition: Precondition, context: WriteContext = {}): Promise<SetAside> {
    return setAsideWorkflow(this.writes, id, precondition, context);
  }

  async migrate(id: string, dryRun: boolean, context: WriteContext = {}): Promise<MigrationView> {
    const files = await this.locate(id);
    // A dry run writes nothing: the queues keep it from reading a half-done save. A migration
    // takes the plan's lock before the step config's, as every process does: none waits for another.
    const acrossProcesses = <T>(task: () => Promise<T>): Promise<T> =>
      dryRun ? task() : this.migrations.run('', () => this.lockAcrossProcesses(files.planPath, () => this.lockAcrossProcesses(files.stepConfigPath, task)));
    const bothLocked = <T>(task: () => Promise<T>) => this.queue.run(files.planPath, () => this.queue.run(files.stepConfigPath, () => acrossProcesses(task)));
    const result = await bothLocked(async () => {
      const migrated = await migrateWorkflowFiles(files, { dryRun, rememberedPromotions: this.memory.recall(id) });
      if (migrated.stepConfigWritten && migrated.stepConfigRevision !== null) this.announce(id, 'step_config', migrated.stepConfigRevision, context);
      if (migrated.planWritten) this.announce(id, 'plan', migrated.planRevision, context);
      return migrated;
    });
    if (!dryRun) await this.memory.forget(id);
    const loaded = await loadWorkflow(files);
    return { ...result, problems: workflowProblems(loaded, this.memory.recall(id)) };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
