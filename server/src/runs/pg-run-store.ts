import { isFinalRunStatus, type EventEnvelope, type IngestEvent, type RunSummary } from '@planvas/shared';
import type { Database, Queryable } from '../database/database';
import { RUN_ROWS_CHANNEL, type PgStateStore } from '../state/pg-state-store';
import type { WorkspaceRepository } from '../workspace/workspace-repository';
import { assertRunFoldersInside, ensureDirInside } from './confined-fs';
import { EventBus } from './event-bus';
import type { EventToStore, LogEventInput } from './event-log';
import type { EventsPage } from './log-page';
import { LeaseLost, RunEnded, RunNotFound } from './run-errors';
import { RUN_ID_PATTERN, newRunId } from './run-ids';
import { pathsOf, type RunPaths } from './run-paths';
import { activeRunsOf, newestFirst, type CreateRunInput, type RunStore } from './run-store';
import { RunSummaryTracker, rowBeforeEvents } from './run-summary';
import { WorkflowGate } from './workflow-gate';

/** Wake-ups of appended events: `<run id> <first seq> <last seq>`, never the events themselves. */
export const RUN_EVENTS_CHANNEL = 'planvas_run_events';
/** Events per read when live viewers catch up after a wake-up, and when a row is rebuilt. */
const FEED_PAGE = 2000;

export interface PgRunStoreOptions {
  db: Database;
  state: PgStateStore;
  workspace: WorkspaceRepository;
  now?: () => Date;
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
  /** Appends per run go one after another from this process (the row lock orders them across processes). */
  private readonly appending = new Map<string, Promise<unknown>>();
  /** The last seq given to this process' live viewers of each run (contiguous from their first). */
  private readonly published = new Map<string, number>();
  private readonly feeding = new Map<string, { again: boolean }>();
  /** Runs this process may write to only while it holds their lease (a worker): runId → lease owner. */
  private readonly fences = new Map<string, string>();
  private readonly stops: Array<() => unknown> = [];

  private constructor(private readonly options: PgRunStoreOptions) {
    this.now = options.now ?? (() => new Date());
  }

  static async open(options: PgRunStoreOptions): Promise<PgRunStore> {
    const store = new PgRunStore(options);
    store.stops.push(await options.db.listen(RUN_EVENTS_CHANNEL, (payload) => store.heard(payload)));
    store.stops.push(options.db.onReconnect(() => [...store.published.keys()].forEach((runId) => store.feed(runId))));
    return store;
  }

  async create(input: CreateRunInput): Promise<RunSummary> {
    const leave = this.gate.enter(input.workflowId);
    try {
      const files = await this.options.workspace.locate(input.workflowId);
      for (;;) {
        const id = newRunId(this.now());
        const summary: RunSummary = {
          ...rowBeforeEvents({
            id,
            workflowId: files.id,
            status: 'running',
            provider: input.provider,
            startedAt: this.now().toISOString(),
            eventCount: 0,
            todos: { completed: 0, total: 0 },
          }),
          ...(input.parent ? { parent: input.parent } : {}),
          ...(input.importedFrom ? { importedFrom: input.importedFrom } : {}),
        };
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
    const files = await this.options.workspace.locate(summary.workflowId);
    return pathsOf(this.options.workspace.root, files.dir, files.id, summary.id);
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
    await Promise.allSettled([...this.appending.values()]);
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
    const previous = this.appending.get(runId) ?? Promise.resolve();
    const next = previous.then(
      () => this.writeNow(runId, events),
      () => this.writeNow(runId, events),
    );
    const settled = next.catch(() => undefined);
    this.appending.set(runId, settled);
    void settled.then(() => {
      if (this.appending.get(runId) === settled) this.appending.delete(runId);
    });
    return next;
  }

  private async writeNow(runId: string, events: ReadonlyArray<LogEventInput>): Promise<EventEnvelope[]> {
    if (!RUN_ID_PATTERN.test(runId)) throw new RunNotFound(runId);
    if (events.length === 0) return [];
    // Serialised before the transaction: a payload that cannot be stored (a cycle) is refused whole.
    const timestamp = this.now().toISOString();
    const drafts = events.map((e) => ({ type: e.type, timestamp: e.timestamp ?? timestamp, data: e.data, json: JSON.stringify(e.data) }));
    let written: { envelopes: EventEnvelope[]; tracker: RunSummaryTracker };
    try {
      written = await this.options.db.transaction(async (client) => {
        const { rows } = await client.query<{ summary: RunSummary; last_seq: string }>('SELECT summary, last_seq FROM runs WHERE id = $1 FOR UPDATE', [runId]);
        const row = rows[0];
        if (!row) throw new RunNotFound(runId);
        if (isFinalRunStatus(row.summary.status)) throw new RunEnded(runId, row.summary.status);
        await this.checkFence(client, runId);
        const lastSeq = Number(row.last_seq);
        const cached = this.trackers.get(runId);
        const tracker = cached?.lastSeq === lastSeq ? cached.tracker : await rebuildTracker(client, row.summary, lastSeq);
        const envelopes: EventEnvelope[] = drafts.map((d, i) => ({ seq: lastSeq + 1 + i, type: d.type, timestamp: d.timestamp, data: d.data }));
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
    this.deliver(runId, envelopes);
    return envelopes;
  }

  private async checkFence(client: Queryable, runId: string): Promise<void> {
    const owner = this.fences.get(runId);
    if (owner === undefined) return;
    const { rowCount } = await client.query('SELECT 1 FROM run_queue WHERE run_id = $1 AND lease_owner = $2', [runId, owner]);
    if (rowCount !== 1) throw new LeaseLost(runId);
  }

  /** A wake-up: the run's row changed, and its live viewers here may have events to get. */
  private heard(payload: string): void {
    const [runId, , lastText] = payload.split(' ');
    if (!runId) return;
    this.options.state.refreshRunRowSoon(runId);
    const last = Number(lastText);
    if (this.bus.subscriberCount(runId) === 0) {
      this.published.delete(runId);
      return;
    }
    if (!(last <= (this.published.get(runId) ?? 0))) this.feed(runId, Number(payload.split(' ')[1]) - 1);
  }

  /** Reads what this process' viewers of `runId` have not had yet, page by page, one read at a time per run. */
  private feed(runId: string, from?: number): void {
    const running = this.feeding.get(runId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.feeding.set(runId, state);
    void (async () => {
      try {
        for (;;) {
          state.again = false;
          const after = this.published.get(runId) ?? from ?? 0;
          const events = await readEvents(this.options.db.pool, runId, after, FEED_PAGE);
          if (events.length > 0) this.deliver(runId, events);
          if (events.length < FEED_PAGE && !state.again) break;
        }
      } catch {
        // A failed read: the next wake-up (or a viewer's reconnect with Last-Event-ID) catches up.
      } finally {
        this.feeding.delete(runId);
      }
    })();
  }

  /** Publishes to this process' viewers the envelopes that follow what they had, in order and once. */
  private deliver(runId: string, envelopes: ReadonlyArray<EventEnvelope>): void {
    if (this.bus.subscriberCount(runId) === 0) {
      this.published.delete(runId);
      return;
    }
    const had = this.published.get(runId) ?? envelopes[0]!.seq - 1;
    const fresh = envelopes.filter((e) => e.seq > had);
    if (fresh.length === 0) return;
    if (fresh[0]!.seq !== had + 1) {
      // Something in between has not been delivered yet (a wake-up still on its way): read it first.
      this.published.set(runId, had);
      this.feed(runId);
      return;
    }
    this.published.set(runId, fresh.at(-1)!.seq);
    this.bus.publish(runId, fresh);
  }
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
    const page = await readEvents(client, summary.id, after, FEED_PAGE);
    if (page.length === 0) break;
    tracker.apply(page);
    after = page.at(-1)!.seq;
  }
  tracker.noteLastSeq(lastSeq);
  return tracker;
}
