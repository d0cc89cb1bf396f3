import { isFinalRunStatus, type EventEnvelope, type IngestEvent, type RunSummary } from '@planvas/shared';
import type { StateStore } from '../state/state-store';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { assertRunFoldersInside, ensureDirInside } from './confined-fs';
import { EventBus } from './event-bus';
import { EventLog, syncPolicyFromEnv, type EventToStore, type LogEventInput, type SyncPolicy } from './event-log';
import { LogIndexCache, type LogIndexCacheOptions } from './log-index-files';
import type { EventsPage } from './log-page';
import { runMessages } from './messages';
import { RunEnded, RunNotFound } from './run-errors';
import { RUN_ID_PATTERN, newRunId } from './run-ids';
import { locateRunPaths, pathsOf, type RunPaths } from './run-paths';
import { RunSummaryTracker, rowBeforeEvents } from './run-summary';
import { activeRunsOf, newRunRow, newestFirst, type CreateRunInput, type RunStore } from './run-store';
import { WorkflowGate } from './workflow-gate';

export interface RunStoreOptions {
  state: StateStore;
  workspace: WorkspaceRepository;
  /** How long index updates of a busy run may be held back and merged (status changes go at once). */
  summaryFlushMs?: number;
  /** When appends are acknowledged (see SyncPolicy); default from PLANVAS_EVENT_FSYNC, else `batch`. */
  syncPolicy?: SyncPolicy;
  /** How logs of runs that are not open are read (tests count the bytes read). */
  logIndex?: LogIndexCacheOptions;
  now?: () => Date;
  /** Told when a background write of a run's index row fails (the server logs it); the row is retried. */
  onPersistError?: (error: unknown, runId: string) => void;
}

interface OpenRun {
  log: EventLog;
  tracker: RunSummaryTracker;
  paths: RunPaths;
  flushTimer?: NodeJS.Timeout;
  dirty: boolean;
}

/**
 * Runs of one process (the embedded mode): index rows in the state file (lowdb, via the server's
 * state store), append-only JSON Lines event logs in the workspace's run folders, the live bus.
 * Every event goes through append(): durable log first, then the index row, then live viewers.
 */
export class FileRunStore implements RunStore {
  readonly bus = new EventBus();
  /** Run starts against moves and deletes of their workflow (workflow-gate.ts). */
  readonly gate = new WorkflowGate();
  private readonly open = new Map<string, OpenRun>();
  private readonly opening = new Map<string, Promise<OpenRun>>();
  private readonly now: () => Date;
  /** Offset indexes of logs not open for appending (finished runs): pages read from the right offset. */
  private readonly logIndexes: LogIndexCache;
  /** Index writes started in the background (and the close of a run that ended): flush() waits for them. */
  private readonly persisting = new Set<Promise<void>>();

  constructor(private readonly options: RunStoreOptions) {
    this.now = options.now ?? (() => new Date());
    this.logIndexes = new LogIndexCache(options.logIndex);
  }

  async create(input: CreateRunInput): Promise<RunSummary> {
    // Entered before the first await: a move or delete of the workflow either came first (and this
    // is refused) or waits for nothing this run writes (and is refused while it is being made).
    const leave = this.gate.enter(input.workflowId);
    try {
      return await this.createEntered(input);
    } finally {
      leave();
    }
  }

  private async createEntered(input: CreateRunInput): Promise<RunSummary> {
    const files = await this.options.workspace.locate(input.workflowId);
    let id = newRunId(this.now());
    while (this.options.state.read().runs[id]) id = newRunId(this.now());
    const summary = newRunRow(id, files.id, input, this.now().toISOString());
    const paths = pathsOf(this.options.workspace.root, files.dir, files.id, id);
    // Refused (PathOutsideWorkspace) before anything is written when runs/, logs/ or learnings/ lead out of the root.
    await assertRunFoldersInside(paths.root, paths.workflowDir);
    await ensureDirInside(paths.root, paths.executionDir);
    await this.options.state.update((draft) => {
      draft.runs[id] = summary;
    });
    await this.openRun(summary);
    return summary;
  }

  /** The run's index row, live for runs with an open log. */
  get(runId: string): RunSummary | undefined {
    return this.open.get(runId)?.tracker.summary ?? this.options.state.read().runs[runId];
  }

  require(runId: string): RunSummary {
    const summary = RUN_ID_PATTERN.test(runId) ? this.get(runId) : undefined;
    if (!summary) throw new RunNotFound(runId);
    return summary;
  }

  /** Every row is in this process already. */
  async load(): Promise<void> {}

  list(workflowId?: string): RunSummary[] {
    return newestFirst(
      Object.keys(this.options.state.read().runs).map((id) => this.get(id) as RunSummary),
      workflowId,
    );
  }

  activeRuns(workflowId: string): RunSummary[] {
    return activeRunsOf(this.list(), workflowId);
  }

  async paths(runId: string): Promise<RunPaths> {
    const summary = this.require(runId);
    const open = this.open.get(runId);
    if (open) return open.paths;
    return locateRunPaths(this.options.workspace, summary.workflowId, summary.id);
  }

  /**
   * Stores events planvas produces (engine, lifecycle, imports) durably and publishes them.
   * Refused (RunEnded) once a committed `run_status` has ended the run: its log is closed for good.
   */
  append(runId: string, events: ReadonlyArray<EventToStore>): Promise<EventEnvelope[]> {
    return this.write(runId, events);
  }

  /** Stores an external runtime's events, as parseIngestBody returned them (known types checked, others as sent). */
  appendIngested(runId: string, events: ReadonlyArray<IngestEvent>): Promise<EventEnvelope[]> {
    return this.write(runId, events);
  }

  private async write(runId: string, events: ReadonlyArray<LogEventInput>): Promise<EventEnvelope[]> {
    // The hot path (an open run) reads only the status: counting todos waits until someone asks.
    const open = this.open.get(runId);
    const status = open ? open.tracker.status : this.require(runId).status;
    if (isFinalRunStatus(status)) throw new RunEnded(runId, status);
    const run = open ?? (await this.openRun(this.require(runId)));
    return run.log.append(events, () => this.now().toISOString());
  }

  /** Waits until every event appended to the run so far is on disk (fdatasync). */
  async sync(runId: string): Promise<void> {
    await this.open.get(runId)?.log.flush();
  }

  /** Committed events after `after`, at most `limit`. */
  async events(runId: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventEnvelope[]> {
    return (await this.eventsPage(runId, after, limit)).events;
  }

  /**
   * Committed events after `after`, at most `limit`, with notices of damaged log lines skipped on
   * the way, and the run's last seq (of the log itself when it is not open: a row can only lag).
   */
  async eventsPage(runId: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventsPage & { lastSeq: number }> {
    const summary = this.require(runId);
    const open = this.open.get(runId);
    if (open) {
      try {
        return { ...(await open.log.readPageAfter(after, limit)), lastSeq: open.log.lastSeq };
      } catch (error) {
        // The run ended and its log was closed while this page was being read (a reader right at
        // the end of a run): the file holds every committed event, so read it as a finished run's.
        if (!open.log.isClosed) throw error;
      }
    }
    const paths = await this.paths(runId);
    const page = await this.logIndexes.readPage(paths.root, paths.eventsPath, after, limit);
    return { ...page, lastSeq: Math.max(page.lastSeq, summary.eventCount) };
  }

  /** The committed sequence number a new viewer starts from. */
  lastSeq(runId: string): number {
    return this.open.get(runId)?.log.lastSeq ?? this.require(runId).eventCount;
  }

  private openRun(summary: RunSummary): Promise<OpenRun> {
    const existing = this.open.get(summary.id);
    if (existing) return Promise.resolve(existing);
    let pending = this.opening.get(summary.id);
    if (!pending) {
      pending = (async () => {
        const paths = await locateRunPaths(this.options.workspace, summary.workflowId, summary.id);
        this.logIndexes.forget(paths.eventsPath);
        const run: OpenRun = { tracker: new RunSummaryTracker(summary), paths, dirty: false, log: undefined as unknown as EventLog };
        run.log = await EventLog.open(
          paths.eventsPath,
          (envelopes) => this.committed(summary.id, run, envelopes),
          this.options.syncPolicy ?? syncPolicyFromEnv(),
          { root: paths.root },
        );
        if (run.log.lastSeq !== summary.eventCount) {
          // The log holds what the index never heard of (a crash between an append and the index
          // update) or lost what it had: the log is the record, so the row is rebuilt from it.
          try {
            run.tracker = await this.trackerFromLog(summary, run.log.lastSeq, (after) => run.log.readAfter(after, REBUILD_PAGE));
          } catch (error) {
            await run.log.close();
            throw error;
          }
          run.dirty = true;
          await this.persist(summary.id, run);
          const status = run.tracker.status;
          if (isFinalRunStatus(status)) {
            // The log says the run has ended: its log stays closed for good.
            await run.log.close(this.logIndexes);
            throw new RunEnded(summary.id, status);
          }
        }
        this.open.set(summary.id, run);
        return run;
      })().finally(() => this.opening.delete(summary.id));
      this.opening.set(summary.id, pending);
    }
    return pending;
  }

  private committed(runId: string, run: OpenRun, envelopes: EventEnvelope[]): void {
    const urgent = run.tracker.apply(envelopes);
    run.dirty = true;
    this.bus.publish(runId, envelopes);
    if (urgent) this.persistInBackground(runId, run);
    else if (!run.flushTimer) {
      run.flushTimer = setTimeout(() => this.persistInBackground(runId, run), this.options.summaryFlushMs ?? 250);
    }
  }

  /**
   * A persist nobody awaits, kept until it settles: a run's end closes its log and writes the log's
   * offset index into the run folder, which must be done before the folder is moved or deleted.
   */
  private persistInBackground(runId: string, run: OpenRun): void {
    const pending = this.persist(runId, run).catch((error: unknown) => this.persistFailed(runId, run, error));
    this.persisting.add(pending);
    void pending.finally(() => this.persisting.delete(pending));
  }

  /**
   * The index row could not be written (a full disk, a data folder made read-only). The events are
   * safe in the run's log, so the run goes on: the failure is reported (never an unhandled
   * rejection, which would end the process) and the row is written again a little later.
   */
  private persistFailed(runId: string, run: OpenRun, error: unknown): void {
    run.dirty = true;
    this.options.onPersistError?.(error, runId);
    if (!run.flushTimer && this.open.get(runId) === run) {
      run.flushTimer = setTimeout(() => this.persistInBackground(runId, run), PERSIST_RETRY_MS);
    }
  }

  /** Writes the run's index row; a run that has ended is then closed. */
  private async persist(runId: string, run: OpenRun): Promise<void> {
    if (run.flushTimer) {
      clearTimeout(run.flushTimer);
      delete run.flushTimer;
    }
    if (!run.dirty) return;
    run.dirty = false;
    const summary = run.tracker.summary;
    await this.options.state.update((draft) => {
      draft.runs[runId] = summary;
    });
    if (isFinalRunStatus(summary.status) && this.open.get(runId) === run) {
      await run.log.flush();
      if (!run.dirty) {
        this.open.delete(runId);
        await run.log.close(this.logIndexes);
      }
    }
  }

  /**
   * Runs the index says are still going but that no process drives any more (planvas stopped
   * mid-run): they are marked failed, with that reason as their last event. External runs stay
   * open, since their producer may still be posting.
   */
  async recoverInterrupted(): Promise<string[]> {
    await this.reconcileWithLogs();
    const recovered: string[] = [];
    for (const summary of Object.values(this.options.state.read().runs)) {
      if (isFinalRunStatus(summary.status) || summary.provider === 'external' || this.open.has(summary.id)) continue;
      try {
        await this.append(summary.id, [{ type: 'run_status', data: { status: 'failed', reason: runMessages.interrupted } }]);
        recovered.push(summary.id);
      } catch {
        // A run whose workflow folder is gone cannot be written to; its row stays as it was.
      }
    }
    await this.flush();
    return recovered;
  }

  /**
   * Index rows of unfinished runs checked against their logs (start-up): a crash between an
   * append and the index update leaves the row behind the log (counts, lastSeq, even the run's
   * end), so a row whose event count is not the log's highest seq is rebuilt from the log. Only
   * unfinished rows can be behind: a run's end is written to the index at once.
   */
  async reconcileWithLogs(): Promise<string[]> {
    const rebuilt: string[] = [];
    for (const summary of Object.values(this.options.state.read().runs)) {
      if (isFinalRunStatus(summary.status) || this.open.has(summary.id)) continue;
      try {
        const paths = await this.paths(summary.id);
        const lastSeq = await this.logIndexes.maxSeq(paths.root, paths.eventsPath);
        if (lastSeq === summary.eventCount) continue;
        const tracker = await this.trackerFromLog(
          summary,
          lastSeq,
          async (after) => (await this.logIndexes.readPage(paths.root, paths.eventsPath, after, REBUILD_PAGE)).events,
        );
        const row = tracker.summary;
        await this.options.state.update((draft) => {
          draft.runs[summary.id] = row;
        });
        rebuilt.push(summary.id);
      } catch {
        // A workflow that is gone or a log behind a link out of the root: the row stays as it was.
      }
    }
    return rebuilt;
  }

  /** A summary tracker fed every event of the log from the start, on the row's fixed facts. */
  private async trackerFromLog(summary: RunSummary, lastSeq: number, readAfter: (after: number) => Promise<EventEnvelope[]>): Promise<RunSummaryTracker> {
    const tracker = new RunSummaryTracker(rowBeforeEvents(summary));
    for (let after = 0; ;) {
      const page = await readAfter(after);
      if (page.length === 0) break;
      tracker.apply(page);
      after = page.at(-1)!.seq;
    }
    tracker.noteLastSeq(lastSeq);
    return tracker;
  }

  /** Persists every pending index change, and waits for those under way (shutdown, moves and deletes of a workflow, tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.persisting]);
    await Promise.all(
      [...this.open.entries()].map(async ([id, run]) => {
        await run.log.flush();
        await this.persist(id, run);
      }),
    );
    await this.options.state.flush();
  }

  async close(): Promise<void> {
    await this.flush();
    for (const [id, run] of this.open) {
      if (run.flushTimer) clearTimeout(run.flushTimer);
      await run.log.close(this.logIndexes);
      this.open.delete(id);
    }
  }
}

/** How long after a failed background write of an index row it is tried again. */
const PERSIST_RETRY_MS = 1000;

/** Events per read when a row is rebuilt from its log. */
const REBUILD_PAGE = 2000;
