import { isFinalRunStatus, RunStatus, type EventEnvelope, type IngestEvent, type RunSummary } from '@planvas/shared';
import type { Database, Queryable } from '../database/database';
import { RUN_ROWS_CHANNEL, type PgStateStore } from '../state/pg-state-store';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { assertRunFoldersInside, ensureDirInside } from './confined-fs';
import { EventBus } from './event-bus';
import { GroupCommit } from './group-commit';
import { LiveFeed } from './live-feed';
import type { EventToStore, LogEventInput } from './event-log';
import type { EventsPage } from './log-page';
import { LeaseLost, RunEnded, RunNotFound } from './run-errors';
import { RUN_ID_PATTERN, newRunId } from './run-ids';
import { locateRunPaths, pathsOf, type RunPaths } from './run-paths';
import { activeRunsOf, newRunRow, newestFirst, type CreateRunInput, type RunStore } from './run-store';
import { RunSummaryTracker, rowBeforeEvents } from './run-summary';
import { WorkflowGate } from './workflow-gate';

/** Wake-ups of appended events: `<run id> <first seq> <last seq>`, never the events themselves. */
export const RUN_EVENTS_CHANNEL = 'planvas_run_events';
/** Events per read when a row is rebuilt. */
const REBUILD_PAGE = 2000;

export interface PgRunStoreOptions {
  db: Database;
  state: PgStateStore;
  workspace: WorkspaceRepository;
  now?: () => Date;
}

/** An event as appended, stamped and serialised, waiting for its seq. */
interface EventDraft {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  json: string;
}

interface EventRow {
  seq: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Runs in PostgreSQL (team mode): the row in `runs`, the events in `run_events`. An append locks
 * the run's row, numbers the events after its last seq, inserts them, folds them into the row and
 * notifies — one transaction, so seqs have no gaps and commit in order. Any instance can serve a
 * run's viewers: a wake-up names the run and seqs, and the instance reads what its viewers have
 * not had yet from the table (nothing is carried in the notification).
 */
export class PgRunStore implements RunStore {
  readonly bus = new EventBus();
  readonly gate = new WorkflowGate();
  private readonly now: () => Date;
  /** Summary trackers of runs this process appended to last, valid while the row's last seq is theirs. */
  private readonly trackers = new Map<string, { tracker: RunSummaryTracker; lastSeq: number }>();
  /** Appends per run go one transaction after another from this process, those that wait gathered into one (the row lock orders them across processes). */
  private readonly appends = new GroupCommit<EventDraft, EventEnvelope>((runId, drafts) => this.writeNow(runId, drafts), endsRun);
  /** This process' live viewers, fed from the table on wake-ups. */
  private readonly live: LiveFeed;
  /** Runs this process may write to only while it holds their lease (a worker): runId → lease owner. */
  private readonly fences = new Map<string, string>();
  private readonly stops: Array<() => unknown> = [];

  private constructor(private readonly options: PgRunStoreOptions) {
    this.now = options.now ?? (() => new Date());
    this.live = new LiveFeed(this.bus, (runId, after, limit) => readEvents(options.db.pool, runId, after, limit));
  }

  static async open(options: PgRunStoreOptions): Promise<PgRunStore> {
    const store = new PgRunStore(options);
    store.stops.push(await options.db.listen(RUN_EVENTS_CHANNEL, (payload) => store.heard(payload)));
    store.stops.push(options.db.onReconnect(() => store.live.catchUpAll()));
    return store;
  }

  async create(input: CreateRunInput): Promise<RunSummary> {
    const leave = this.gate.enter(input.workflowId);
    try {
      const files = await this.options.workspace.locate(input.workflowId);
      for (;;) {
        const id = newRunId(this.now());
        const summary = newRunRow(id, files.id, input, this.now().toISOString());
        const paths = pathsOf(this.options.workspace.root, files.dir, files.id, id);
        await assertRunFoldersInside(paths.root, paths.workflowDir);
        const inserted = await this.options.db.transaction(async (client) => {
          const { rowCount } = await client.query(
            `INSERT INTO runs (id, workflow_id, status, started_at, last_seq, summary) VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (id) DO NOTHING`,
            [id, summary.workflowId, summary.status, summary.startedAt, JSON.stringify(summary)],
          );
          if (rowCount === 1) await this.options.db.notify(RUN_ROWS_CHANNEL, id, client);
          return rowCount === 1;
        });
        // Another instance took the same id in the same second: draw again.
        if (!inserted) continue;
        await ensureDirInside(paths.root, paths.executionDir);
        this.options.state.noteRunRow(summary);
        return summary;
      }
    } finally {
      leave();
    }
  }

  get(runId: string): RunSummary | undefined {
    return Object.hasOwn(this.options.state.read().runs, runId) ? this.options.state.read().runs[runId] : undefined;
  }

  require(runId: string): RunSummary {
    const summary = RUN_ID_PATTERN.test(runId) ? this.get(runId) : undefined;
    if (!summary) throw new RunNotFound(runId);
    return summary;
  }

  async load(runId: string): Promise<void> {
    if (RUN_ID_PATTERN.test(runId)) await this.options.state.refreshRunRows([runId]);
  }

  list(workflowId?: string): RunSummary[] {
    return newestFirst(Object.values(this.options.state.read().runs), workflowId);
  }

  activeRuns(workflowId: string): RunSummary[] {
    return activeRunsOf(this.list(), workflowId);
  }

  async paths(runId: string): Promise<RunPaths> {
    const summary = await this.required(runId);
    return locateRunPaths(this.options.workspace, summary.workflowId, summary.id);
  }

  append(runId: string, events: ReadonlyArray<EventToStore>): Promise<EventEnvelope[]> {
    return this.write(runId, events);
  }

  appendIngested(runId: string, events: ReadonlyArray<IngestEvent>): Promise<EventEnvelope[]> {
    return this.write(runId, events);
  }

  /** Appends to run `runId` only while `owner` holds its lease in the queue (a worker driving it). */
  fence(runId: string, owner: string): () => void {
    this.fences.set(runId, owner);
    return () => {
      if (this.fences.get(runId) === owner) this.fences.delete(runId);
    };
  }

  /** Committed at append: nothing is held back. */
  async sync(): Promise<void> {}

  async events(runId: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventEnvelope[]> {
    return (await this.eventsPage(runId, after, limit)).events;
  }

  async eventsPage(runId: string, after = 0, limit = Number.POSITIVE_INFINITY): Promise<EventsPage & { lastSeq: number }> {
    await this.required(runId);
    const [events, row] = await Promise.all([
      readEvents(this.options.db.pool, runId, after, limit),
      this.options.db.query<{ last_seq: string }>('SELECT last_seq FROM runs WHERE id = $1', [runId]),
    ]);
    if (!row.rows[0]) throw new RunNotFound(runId);
    return { events, notices: [], lastSeq: Math.max(Number(row.rows[0].last_seq), events.at(-1)?.seq ?? 0) };
  }

  lastSeq(runId: string): number {
    return this.require(runId).eventCount;
  }

  /** In team mode a run outlives the process driving it: the queue hands it to another worker (engine/cluster). */
  async recoverInterrupted(): Promise<string[]> {
    return [];
  }

  async flush(): Promise<void> {
    await this.appends.settled();
    await this.options.state.flush();
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
    await this.flush();
  }

  private async required(runId: string): Promise<RunSummary> {
    if (!this.get(runId)) await this.load(runId);
    return this.require(runId);
  }

  private write(runId: string, events: ReadonlyArray<LogEventInput>): Promise<EventEnvelope[]> {
    if (!RUN_ID_PATTERN.test(runId)) return Promise.reject(new RunNotFound(runId));
    if (events.length === 0) return Promise.resolve([]);
    // Stamped and serialised when emitted (as the file log does): a payload that cannot be stored
    // (a cycle) is refused whole, before it joins others in a transaction.
    const timestamp = this.now().toISOString();
    let drafts: EventDraft[];
    try {
      drafts = events.map((e) => ({ type: e.type, timestamp: e.timestamp ?? timestamp, data: e.data, json: JSON.stringify(e.data) }));
    } catch (error) {
      return Promise.reject(error);
    }
    return this.appends.add(runId, drafts);
  }

  /** Stores `drafts` after the run's last seq in one transaction, and tells every instance. */
  private async writeNow(runId: string, drafts: ReadonlyArray<EventDraft>): Promise<EventEnvelope[]> {
    let written: { envelopes: EventEnvelope[]; tracker: RunSummaryTracker };
    try {
      written = await this.writeLocked(runId, drafts);
    } catch (error) {
      // The tracker may have taken events that were rolled back.
      this.trackers.delete(runId);
      throw error;
    }
    const { envelopes, tracker } = written;
    const summary = tracker.summary;
    if (isFinalRunStatus(summary.status)) this.trackers.delete(runId);
    else this.trackers.set(runId, { tracker, lastSeq: envelopes.at(-1)!.seq });
    this.options.state.noteRunRow(summary);
    this.live.deliver(runId, envelopes);
    return envelopes;
  }

  /** An append under the run row's lock: numbered after the row's last seq, folded into the row by this process' tracker when it appended last. */
  private writeLocked(runId: string, drafts: ReadonlyArray<EventDraft>): Promise<{ envelopes: EventEnvelope[]; tracker: RunSummaryTracker }> {
    return this.options.db.transaction(async (client) => {
      const { rows } = await client.query<{ summary: RunSummary; last_seq: string }>('SELECT summary, last_seq FROM runs WHERE id = $1 FOR UPDATE', [runId]);
      const row = rows[0];
      if (!row) throw new RunNotFound(runId);
      if (isFinalRunStatus(row.summary.status)) throw new RunEnded(runId, row.summary.status);
      await this.checkFence(client, runId);
      const lastSeq = Number(row.last_seq);
      const cached = this.trackers.get(runId);
      const tracker = cached?.lastSeq === lastSeq ? cached.tracker : await rebuildTracker(client, row.summary, lastSeq);
      const envelopes = envelopesAfter(lastSeq, drafts);
      await client.query(
        `INSERT INTO run_events (run_id, seq, type, timestamp, data)
         SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]::json[])`,
        [runId, envelopes.map((e) => e.seq), drafts.map((d) => d.type), drafts.map((d) => d.timestamp), drafts.map((d) => d.json)],
      );
      tracker.apply(envelopes);
      const summary = tracker.summary;
      const last = envelopes.at(-1)!.seq;
      await client.query('UPDATE runs SET status = $2, last_seq = $3, summary = $4 WHERE id = $1', [runId, summary.status, last, JSON.stringify(summary)]);
      // An ended run leaves the queue in the transaction that ends it: no worker takes it again.
      if (isFinalRunStatus(summary.status)) await client.query('DELETE FROM run_queue WHERE run_id = $1', [runId]);
      await this.options.db.notify(RUN_EVENTS_CHANNEL, `${runId} ${envelopes[0]!.seq} ${last}`, client);
      return { envelopes, tracker };
    });
  }

  private async checkFence(client: Queryable, runId: string): Promise<void> {
    const owner = this.fences.get(runId);
    if (owner === undefined) return;
    const { rowCount } = await client.query('SELECT 1 FROM run_queue WHERE run_id = $1 AND lease_owner = $2', [runId, owner]);
    if (rowCount !== 1) throw new LeaseLost(runId);
  }

  /** A wake-up (`<run> <first seq> <last seq>`): the run's row changed, and its live viewers here may have events to get. */
  private heard(payload: string): void {
    const [runId, first, last] = payload.split(' ');
    if (!runId) return;
    this.options.state.refreshRunRowSoon(runId);
    this.live.heard(runId, Number(first), Number(last));
  }
}

/** A final run_status: nothing of the run is stored after it (RunEnded). */
function endsRun(draft: EventDraft): boolean {
  if (draft.type !== 'run_status') return false;
  const status = RunStatus.safeParse(draft.data['status']);
  return status.success && isFinalRunStatus(status.data);
}

function envelopesAfter(lastSeq: number, drafts: ReadonlyArray<EventDraft>): EventEnvelope[] {
  return drafts.map((d, i) => ({ seq: lastSeq + 1 + i, type: d.type, timestamp: d.timestamp, data: d.data }));
}

async function readEvents(client: Queryable, runId: string, after: number, limit: number): Promise<EventEnvelope[]> {
  const { rows } = await client.query<EventRow>('SELECT seq, type, timestamp, data FROM run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [
    runId,
    after,
    Number.isFinite(limit) ? limit : null,
  ]);
  return rows.map((row) => ({ seq: Number(row.seq), type: row.type, timestamp: row.timestamp, data: row.data }));
}

/** A tracker fed every event of the run from the table (another process appended last). */
async function rebuildTracker(client: Queryable, summary: RunSummary, lastSeq: number): Promise<RunSummaryTracker> {
  const tracker = new RunSummaryTracker(rowBeforeEvents(summary));
  for (let after = 0; after < lastSeq;) {
    const page = await readEvents(client, summary.id, after, REBUILD_PAGE);
    if (page.length === 0) break;
    tracker.apply(page);
    after = page.at(-1)!.seq;
  }
  tracker.noteLastSeq(lastSeq);
  return tracker;
}
