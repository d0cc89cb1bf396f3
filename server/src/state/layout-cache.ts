import { isSavedLayout, type LayoutDirection, type SavedLayout, type SavedLayouts } from '@planvas/shared';
import { KeyedQueue } from '../workspace/keyed-queue';
import { openLowFile } from './low-file';
import type { PgStateStore } from './pg-state-store';
import { ownEntry, putEntry } from './own-keys';
import { copyEntry, moveEntriesUnder, removeEntriesUnder } from './workflow-keys';

export const LAYOUT_CACHE_FILE_NAME = 'layout-cache.json';
/** Workflows whose layouts are kept; the least recently saved go first. */
export const LAYOUT_CACHE_MAX_WORKFLOWS = 50;

type Entry = SavedLayouts & { savedAt: number };
type CacheData = { version: 1; workflows: Record<string, Entry> };

/** Where the layouts are kept: a lowdb file (one process), or the state tables (team mode). */
interface LayoutBacking {
  data(): CacheData;
  write(next: CacheData): Promise<void>;
}

const empty = (): CacheData => ({ version: 1, workflows: {} });

/** Keeps only well-formed entries of a file that may be old, hand-edited or half-written. */
function normalise(raw: unknown): CacheData {
  const data = empty();
  const workflows = (raw as { workflows?: unknown } | null)?.workflows;
  if (typeof workflows !== 'object' || workflows === null) return data;
  for (const [id, value] of Object.entries(workflows as Record<string, unknown>)) {
    const entry = value as Partial<Record<LayoutDirection, unknown>> & { savedAt?: unknown };
    const kept: Entry = { savedAt: typeof entry.savedAt === 'number' ? entry.savedAt : 0 };
    // The fast guard, not the schema: this runs at start-up over up to 50 workflows' layouts of
    // thousands of positions each.
    for (const direction of ['LR', 'TB'] as const) {
      const layout = entry[direction];
      if (isSavedLayout(layout)) kept[direction] = layout;
    }
    if (kept.LR || kept.TB) putEntry(data.workflows, id, kept);
  }
  return data;
}

/**
 * The canvas' automatic layouts, per workflow and direction, in their own lowdb file next to the
 * state file: they are big (a 1,000-step plan's layout is ~60 KB) and written rarely, while the
 * state file is rewritten on every pan of the viewport. A cache: a damaged file starts empty.
 */
export class LayoutCache {
  /** Writes go one at a time (lowdb writes the whole file). */
  private readonly writes = new KeyedQueue();

  private constructor(private readonly backing: LayoutBacking) {}

  static async open(dataDir: string): Promise<LayoutCache> {
    // A cache: a damaged file is simply started over.
    const { db } = await openLowFile(dataDir, LAYOUT_CACHE_FILE_NAME, { empty, normalise });
    return new LayoutCache({
      data: () => db.data,
      write: async (next) => {
        await db.adapter.write(next);
        db.data = next;
      },
    });
  }

  /** The layouts in PostgreSQL (team mode), in the state store's `layouts` section: every instance sees the same. */
  static inState(state: PgStateStore): LayoutCache {
    let read: { map: unknown; data: CacheData } | undefined;
    return new LayoutCache({
      data: () => {
        const map = state.layouts();
        // Normalised once per version of the section, not per read.
        if (read?.map !== map) read = { map, data: normalise({ workflows: map }) };
        return read.data;
      },
      write: (next) => {
        // Entries kept as they were go back as the stored objects, so only changed ones are written.
        const stored = state.layouts();
        const kept = read?.map === stored ? read.data.workflows : {};
        const workflows: Record<string, unknown> = {};
        for (const [id, entry] of Object.entries(next.workflows)) workflows[id] = kept[id] === entry ? stored[id] : entry;
        return state.writeLayouts(workflows);
      },
    });
  }

  get(workflowId: string): SavedLayouts {
    const entry = ownEntry(this.backing.data().workflows, workflowId);
    return entry ? { ...(entry.LR ? { LR: entry.LR } : {}), ...(entry.TB ? { TB: entry.TB } : {}) } : {};
  }

  /**
   * Replaces the workflow's layout for one direction; written one at a time, and kept in memory
   * only once written (a copy of the map of workflows, not of the layouts in it).
   */
  put(workflowId: string, direction: LayoutDirection, layout: SavedLayout): Promise<void> {
    return this.writes.run(LAYOUT_CACHE_FILE_NAME, async () => {
      const workflows = { ...this.backing.data().workflows };
      putEntry(workflows, workflowId, { ...ownEntry(workflows, workflowId), [direction]: layout, savedAt: Date.now() });
      const ids = Object.keys(workflows);
      if (ids.length > LAYOUT_CACHE_MAX_WORKFLOWS) {
        ids.sort((a, b) => workflows[a]!.savedAt - workflows[b]!.savedAt);
        for (const id of ids.slice(0, ids.length - LAYOUT_CACHE_MAX_WORKFLOWS)) delete workflows[id];
      }
      const next: CacheData = { ...this.backing.data(), workflows };
      await this.backing.write(next);
    });
  }

  /** The layouts of workflow `from` (and those in its folder) are now `to`'s (a move; see workflow-keys.ts). */
  move(from: string, to: string): Promise<void> {
    return this.change((workflows) => moveEntriesUnder(workflows, from, to));
  }

  /** `to` starts with a copy of `from`'s layouts (a duplicate: the same plan lays out the same). */
  copy(from: string, to: string): Promise<void> {
    return this.change((workflows) => copyEntry(workflows, from, to));
  }

  /** Forgets the layouts of workflow `id` and of those in its folder (a delete). */
  remove(id: string): Promise<void> {
    return this.change((workflows) => removeEntriesUnder(workflows, id));
  }

  /** Applies `edit` to a copy of the map of workflows and writes it, one write at a time. */
  private change(edit: (workflows: Record<string, Entry>) => void): Promise<void> {
    return this.writes.run(LAYOUT_CACHE_FILE_NAME, async () => {
      const workflows = { ...this.backing.data().workflows };
      edit(workflows);
      const next: CacheData = { ...this.backing.data(), workflows };
      await this.backing.write(next);
    });
  }

  /** Resolves when every queued write has been written. */
  flush(): Promise<void> {
    return this.writes.run(LAYOUT_CACHE_FILE_NAME, async () => undefined);
  }
}
