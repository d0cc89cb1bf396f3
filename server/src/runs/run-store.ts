import { isFinalRunStatus, type EventEnvelope, type IngestEvent, type RunProvider, type RunSummary } from '@planvas/shared';
import { isSameOrUnder } from '../state/workflow-keys';
import type { EventBus } from './event-bus';
import type { EventToStore } from './event-log';
import type { EventsPage } from './log-page';
import type { RunPaths } from './run-paths';
import type { WorkflowGate } from './workflow-gate';

export type { RunPaths } from './run-paths';

export interface CreateRunInput {
  workflowId: string;
  provider: RunProvider;
  parent?: RunSummary['parent'];
  importedFrom?: string;
}

/**
 * Runs: their index rows, their append-only event logs and the live bus. Every event, from the
 * engine, an external runtime or an import, goes through append(): durable first, then the index
 * row, then live viewers. FileRunStore keeps them in the workspace's run folders and the state
 * file (one process); PgRunStore in PostgreSQL (every instance of a team sees every run).
 */
export interface RunStore {
  /** Live viewers of this process: committed events of a run, in seq order. */
  readonly bus: EventBus;
  /** Run starts against moves and deletes of their workflow (workflow-gate.ts). */
  readonly gate: WorkflowGate;
  create(input: CreateRunInput): Promise<RunSummary>;
  /** The run's index row (as this process knows it; see load()). */
  get(runId: string): RunSummary | undefined;
  require(runId: string): RunSummary;
  /** Makes sure this process knows the run's latest row (a run another instance started a moment ago). */
  load(runId: string): Promise<void>;
  /** Runs newest first, optionally of one workflow. */
  list(workflowId?: string): RunSummary[];
  /** Runs going (not ended) of workflow `workflowId` or of a workflow in its folder. */
  activeRuns(workflowId: string): RunSummary[];
  paths(runId: string): Promise<RunPaths>;
  /** Stores events planvas produces (engine, lifecycle, imports); refused (RunEnded) once the run has ended. */
  append(runId: string, events: ReadonlyArray<EventToStore>): Promise<EventEnvelope[]>;
  /** Stores an external runtime's events, as parseIngestBody returned them. */
  appendIngested(runId: string, events: ReadonlyArray<IngestEvent>): Promise<EventEnvelope[]>;
  /** Waits until every event appended to the run so far is durable. */
  sync(runId: string): Promise<void>;
  /** Committed events after `after`, at most `limit`. */
  events(runId: string, after?: number, limit?: number): Promise<EventEnvelope[]>;
  /** Committed events after `after`, at most `limit`, with notices of damaged entries, and the run's last seq. */
  eventsPage(runId: string, after?: number, limit?: number): Promise<EventsPage & { lastSeq: number }>;
  /** The committed sequence number a new viewer starts from. */
  lastSeq(runId: string): number;
  /** Runs left going by a process that stopped, marked failed (or handed on); answers their ids. */
  recoverInterrupted(): Promise<string[]>;
  /** Persists every pending index change and waits for those under way. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Index rows newest first, optionally of one workflow (both stores list the same way). */
export function newestFirst(rows: Iterable<RunSummary>, workflowId?: string): RunSummary[] {
  return [...rows]
    .filter((r) => workflowId === undefined || r.workflowId === workflowId)
    .sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : a.id < b.id ? 1 : -1));
}

/** Rows of runs not ended of workflow `workflowId` or of a workflow in its folder. */
export function activeRunsOf(rows: ReadonlyArray<RunSummary>, workflowId: string): RunSummary[] {
  return rows.filter((run) => typeof run.workflowId === 'string' && isSameOrUnder(run.workflowId, workflowId) && !isFinalRunStatus(run.status));
}

/** The index row of a run being created: running, no events yet, with the facts of its creation. */
export function newRunRow(id: string, workflowId: string, input: CreateRunInput, startedAt: string): RunSummary {
  return {
    id,
    workflowId,
    status: 'running',
    provider: input.provider,
    startedAt,
    eventCount: 0,
    todos: { completed: 0, total: 0 },
    ...(input.parent ? { parent: input.parent } : {}),
    ...(input.importedFrom ? { importedFrom: input.importedFrom } : {}),
  };
}
