import { rename } from 'node:fs/promises';
import type { Low } from 'lowdb';
import type { Breakpoint, LegacyPromotion, RunSummary, ViewSettings, WorkspaceSettings } from '@planvas/shared';
import { openLowFile } from './low-file';

/**
 * planvas' own state, kept in its data folder and never in the user's plan.json: view settings
 * per workflow, breakpoints per workflow, workspace-wide settings, the run index, and which legacy inner ids a flattening
 * save has already removed from a plan (so step_config entries under those ids are still
 * recognised as "merge into the outer step" rather than "remove").
 */
export interface StateData {
  version: 1;
  views: Record<string, ViewSettings>;
  settings: WorkspaceSettings;
  runs: Record<string, RunSummary>;
  legacyPromotions: Record<string, LegacyPromotion[]>;
  /** Breakpoints a user set on a workflow's canvas; every run of it pauses there (never in plan.json). */
  breakpoints: Record<string, Breakpoint[]>;
}

export const STATE_FILE_NAME = 'state.json';

export function emptyState(): StateData {
  return { version: 1, views: {}, settings: {}, runs: {}, legacyPromotions: {}, breakpoints: {} };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fills what an older or hand-edited state file lacks, so readers never meet `undefined` maps. */
export function normaliseState(raw: unknown): StateData {
  const base = emptyState();
  if (!isRecord(raw)) return base;
  return {
    version: 1,
    views: isRecord(raw.views) ? (raw.views as StateData['views']) : base.views,
    settings: isRecord(raw.settings) ? (raw.settings as StateData['settings']) : base.settings,
    runs: isRecord(raw.runs) ? (raw.runs as StateData['runs']) : base.runs,
    legacyPromotions: isRecord(raw.legacyPromotions) ? (raw.legacyPromotions as StateData['legacyPromotions']) : base.legacyPromotions,
    breakpoints: isRecord(raw.breakpoints) ? (raw.breakpoints as StateData['breakpoints']) : base.breakpoints,
  };
}

/**
 * planvas' own state as the server reads and changes it: `read()` is the current state (never
 * change it in place), `update()` changes it through a draft whose entries are replaced, never
 * edited (`draft.views[id] = view`, `delete draft.runs[id]`), and is applied whole or not at all.
 * FileStateStore keeps it in the data folder (one process); PgStateStore (state/pg-state-store.ts)
 * in PostgreSQL, shared by every instance of a team.
 */
export interface StateStore {
  read(): Readonly<StateData>;
  update<T>(mutator: (draft: StateData) => T | Promise<T>): Promise<T>;
  /** Resolves when every queued update has been written. */
  flush(): Promise<void>;
}

/**
 * A small typed store over one lowdb JSON file. Updates run one at a time, each on a copy that
 * replaces the data only once the mutator succeeded and the copy is written, so neither a failing
 * mutator nor a refused write (a read-only data folder, a full disk) leaves a change visible to
 * readers that the file does not have. One process owns the file (lowdb's rule).
 */
export class FileStateStore implements StateStore {
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Low<StateData>,
    readonly path: string,
  ) {}

  static async open(dataDir: string): Promise<FileStateStore> {
    const { db, path } = await openLowFile(dataDir, STATE_FILE_NAME, {
      empty: emptyState,
      normalise: normaliseState,
      // A damaged state file is kept aside, not overwritten: it may hold run history.
      onDamaged: (damaged) => rename(damaged, `${damaged}.damaged-${Date.now()}`),
    });
    return new FileStateStore(db, path);
  }

  /** The current state. Treat it as read-only: change it through update(). */
  read(): Readonly<StateData> {
    return this.db.data;
  }

  update<T>(mutator: (draft: StateData) => T | Promise<T>): Promise<T> {
    const run = async () => {
      const draft = structuredClone(this.db.data);
      const result = await mutator(draft);
      await this.db.adapter.write(draft);
      this.db.data = draft;
      return result;
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when every queued update has been written. */
  async flush(): Promise<void> {
    await this.tail;
  }
}
