import type { RunSummary } from '@planvas/shared';
import type { Database, Queryable } from '../database/database';
import { normaliseState, type StateData, type StateStore } from './state-store';

/** The sections kept in planvas_state (the run index has its own table, `runs`). */
type Section = 'views' | 'settings' | 'legacyPromotions' | 'breakpoints' | 'layouts';
const SECTIONS: ReadonlyArray<Section> = ['views', 'settings', 'legacyPromotions', 'breakpoints', 'layouts'];
/** `settings` is one value, kept under this key. */
const WHOLE = '';
const STATE_LOCK = 'planvas_state';
/** Wake-ups: a new state revision; a run row changed outside an event append (a move, a delete). */
export const STATE_CHANNEL = 'planvas_state';
export const RUN_ROWS_CHANNEL = 'planvas_run_rows';
/**
 * How long run row refreshes heard of are gathered into one read: every appended batch of every
 * run wakes every instance, and the routes of one run read its row fresh anyway (RunStore.load);
 * this only bounds how stale the runs list may be.
 */
const ROW_REFRESH_MS = 50;

type Maps = Record<Section, Record<string, unknown>>;

/**
 * planvas' state in PostgreSQL, shared by every API instance and worker of a team. Each process
 * keeps a copy in memory (read() stays synchronous, as with the file store) and follows the
 * others' changes through notifications: a state revision for the small sections (read back by
 * revision, under the same lock writers take, so none is skipped), a run id for a run row (read
 * back by id; the run store's appends notify those too). An update takes the state lock, catches
 * up, applies the mutator to a draft whose maps are copies, writes the entries it replaced or
 * removed, and only then shows them to readers.
 */
export class PgStateStore implements StateStore {
  private maps: Maps = { views: {}, settings: {}, legacyPromotions: {}, breakpoints: {}, layouts: {} };
  private runs: Record<string, RunSummary> = {};
  private data: StateData;
  private rev = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly rowsToRefresh = new Set<string>();
  private rowRefresh: NodeJS.Timeout | undefined;
  private readonly unlisten: Array<() => Promise<void> | void> = [];

  private constructor(private readonly db: Database) {
    this.data = this.compose();
  }

  static async open(db: Database): Promise<PgStateStore> {
    const store = new PgStateStore(db);
    store.unlisten.push(await db.listen(STATE_CHANNEL, () => void store.serial(() => store.catchUp(db.pool))));
    store.unlisten.push(await db.listen(RUN_ROWS_CHANNEL, (runId) => store.refreshRunRowSoon(runId)));
    store.unlisten.push(db.onReconnect(() => void store.serial(() => store.reloadAll())));
    await store.reloadAll();
    return store;
  }

  read(): Readonly<StateData> {
    return this.data;
  }

  update<T>(mutator: (draft: StateData) => T | Promise<T>): Promise<T> {
    return this.serial(() =>
      this.locked(async (client) => {
        const runsBefore = { ...this.runs };
        const draft: StateData = {
          ...this.data,
          views: { ...this.data.views },
          legacyPromotions: { ...this.data.legacyPromotions },
          breakpoints: { ...this.data.breakpoints },
          runs: { ...runsBefore },
        };
        const result = await mutator(draft);
        const next: Maps = {
          ...this.maps,
          views: draft.views,
          legacyPromotions: draft.legacyPromotions,
          breakpoints: draft.breakpoints,
          settings: draft.settings === this.data.settings ? this.maps.settings : { [WHOLE]: draft.settings },
        };
        const rev = await this.writeSections(client, next);
        const runChanges = await writeRunChanges(client, runsBefore, draft.runs);
        return {
          result,
          wrote: rev > 0,
          notify: runChanges.map((change) => change.id),
          apply: () => {
            this.maps = next;
            this.rev = Math.max(this.rev, rev);
            // In place: rows the run store noted meanwhile (its appends) stay.
            for (const change of runChanges) {
              if (change.row) this.runs[change.id] = change.row;
              else delete this.runs[change.id];
            }
          },
        };
      }),
    );
  }

  /** The layouts section (state/layout-cache.ts keeps the canvas' layouts here in team mode). */
  layouts(): Readonly<Record<string, unknown>> {
    return this.maps.layouts;
  }

  /** Replaces the layouts section by `next`; entries kept by identity are not written again. */
  writeLayouts(next: Record<string, unknown>): Promise<void> {
    return this.serial(() =>
      this.locked(async (client) => {
        const maps = { ...this.maps, layouts: next };
        const rev = await this.writeSections(client, maps);
        return {
          result: undefined,
          wrote: rev > 0,
          notify: [],
          apply: () => {
            this.maps = maps;
            this.rev = Math.max(this.rev, rev);
          },
        };
      }),
    );
  }

  /** A run row the run store wrote itself (its appends): shown at once, without a read. */
  noteRunRow(summary: RunSummary): void {
    this.runs[summary.id] = summary;
  }

  flush(): Promise<void> {
    return this.serial(async () => undefined);
  }

  async close(): Promise<void> {
    if (this.rowRefresh) clearTimeout(this.rowRefresh);
    for (const stop of this.unlisten.splice(0)) await stop();
    await this.flush();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * One transaction holding the state lock, caught up first; what `work` wrote is shown to readers
   * (`apply`) only once it is committed, and the others are woken after the commit.
   */
  private async locked<T>(work: (client: Queryable) => Promise<{ result: T; wrote: boolean; notify: string[]; apply: () => void }>): Promise<T> {
    const done = await this.db.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [STATE_LOCK]);
      await this.catchUp(client);
      const written = await work(client);
      // Others are woken only when this wrote anything (an update may change nothing).
      if (written.wrote) await this.db.notify(STATE_CHANNEL, 'changed', client);
      for (const runId of written.notify) await this.db.notify(RUN_ROWS_CHANNEL, runId, client);
      return written;
    });
    done.apply();
    this.data = this.compose();
    return done.result;
  }

  /** Writes every entry of `next` that is not the very object `this.maps` holds, and removals; answers the last revision taken. */
  private async writeSections(client: Queryable, next: Maps): Promise<number> {
    let rev = 0;
    for (const section of SECTIONS) {
      const before = this.maps[section];
      const after = next[section];
      if (before === after) continue;
      for (const [key, value] of Object.entries(after)) {
        if (before[key] !== value) rev = await writeEntry(client, section, key, JSON.stringify(value));
      }
      for (const key of Object.keys(before)) {
        if (!Object.hasOwn(after, key)) rev = await writeEntry(client, section, key, null);
      }
    }
    return rev;
  }

  /** Entries written by others since this copy's revision (in revision order: writers hold the state lock). */
  private async catchUp(client: Queryable): Promise<void> {
    const { rows } = await client.query<{ section: Section; key: string; value: unknown; rev: string }>(
      'SELECT section, key, value, rev FROM planvas_state WHERE rev > $1 ORDER BY rev',
      [this.rev],
    );
    if (rows.length === 0) return;
    const maps: Maps = { ...this.maps };
    const copied = new Set<Section>();
    for (const row of rows) {
      if (!SECTIONS.includes(row.section)) continue;
      if (!copied.has(row.section)) {
        maps[row.section] = { ...maps[row.section] };
        copied.add(row.section);
      }
      if (row.value === null) delete maps[row.section][row.key];
      else maps[row.section][row.key] = row.value;
      this.rev = Math.max(this.rev, Number(row.rev));
    }
    this.maps = maps;
    this.data = this.compose();
  }

  private async reloadAll(): Promise<void> {
    const state = await this.db.query<{ section: Section; key: string; value: unknown; rev: string }>(
      'SELECT section, key, value, rev FROM planvas_state ORDER BY rev',
    );
    const maps: Maps = { views: {}, settings: {}, legacyPromotions: {}, breakpoints: {}, layouts: {} };
    let rev = 0;
    for (const row of state.rows) {
      rev = Math.max(rev, Number(row.rev));
      if (SECTIONS.includes(row.section) && row.value !== null) maps[row.section][row.key] = row.value;
    }
    const runs = await this.db.query<{ id: string; summary: RunSummary }>('SELECT id, summary FROM runs');
    const rows: Record<string, RunSummary> = {};
    for (const row of runs.rows) rows[row.id] = row.summary;
    this.maps = maps;
    this.runs = rows;
    this.rev = rev;
    this.data = this.compose();
  }

  /** Gathers run ids heard of for a short while, then reads their rows in one query. */
  refreshRunRowSoon(runId: string): void {
    this.rowsToRefresh.add(runId);
    this.rowRefresh ??= setTimeout(() => {
      this.rowRefresh = undefined;
      const ids = [...this.rowsToRefresh];
      this.rowsToRefresh.clear();
      void this.refreshRunRows(ids).catch(() => undefined);
    }, ROW_REFRESH_MS);
  }

  /** Reads the rows of `ids` now (a request for a run this copy may not have heard of yet). */
  async refreshRunRows(ids: ReadonlyArray<string>): Promise<void> {
    const { rows } = await this.db.query<{ id: string; summary: RunSummary }>('SELECT id, summary FROM runs WHERE id = ANY($1)', [ids]);
    const found = new Set<string>();
    for (const row of rows) {
      found.add(row.id);
      const known = this.runs[row.id];
      // A row read before a newer one was noted locally must not step back.
      if (!known || known.eventCount <= row.summary.eventCount) this.runs[row.id] = row.summary;
    }
    for (const id of ids) if (!found.has(id)) delete this.runs[id];
  }

  private compose(): StateData {
    const settings = this.maps.settings[WHOLE];
    return normaliseState({
      version: 1,
      views: this.maps.views,
      settings: settings ?? {},
      runs: this.runs,
      legacyPromotions: this.maps.legacyPromotions,
      breakpoints: this.maps.breakpoints,
    });
  }
}

/** Run rows a state change replaced (a workflow moved: its runs' workflowId) or removed (deleted with it), written. */
async function writeRunChanges(
  client: Queryable,
  before: Record<string, RunSummary>,
  after: Record<string, RunSummary>,
): Promise<Array<{ id: string; row?: RunSummary }>> {
  const changes: Array<{ id: string; row?: RunSummary }> = [];
  for (const [id, row] of Object.entries(after)) {
    if (before[id] === row) continue;
    await client.query(
      `INSERT INTO runs (id, workflow_id, status, started_at, last_seq, summary) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET workflow_id = $2, status = $3, last_seq = $5, summary = $6`,
      [id, row.workflowId, row.status, row.startedAt, row.eventCount, JSON.stringify(row)],
    );
    changes.push({ id, row });
  }
  for (const id of Object.keys(before)) {
    if (Object.hasOwn(after, id)) continue;
    await client.query('DELETE FROM runs WHERE id = $1', [id]);
    changes.push({ id });
  }
  return changes;
}

async function writeEntry(client: Queryable, section: Section, key: string, json: string | null): Promise<number> {
  const { rows } = await client.query<{ rev: string }>(
    `INSERT INTO planvas_state (section, key, value, rev) VALUES ($1, $2, $3, nextval('planvas_state_rev'))
     ON CONFLICT (section, key) DO UPDATE SET value = $3, rev = EXCLUDED.rev RETURNING rev`,
    [section, key, json],
  );
  return Number(rows[0]!.rev);
}
