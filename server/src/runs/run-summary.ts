import {
  RunStatus,
  TodoSnapshotDecoder,
  isFinalRunStatus,
  todoProgress,
  type EventEnvelope,
  type RunSummary,
  type TodoItem,
  type TodoSnapshot,
} from '@planvas/shared';

/**
 * Keeps a run's index row current from its events, whoever produced them (the engine, an
 * external runtime through ingest, an import), so the runs list needs no log reads. The todo
 * counts come from the latest snapshot (whole or delta) when there is one, else from the item
 * events and, for decision logs that carry only summaries, from `todo_summary`. Counting leaf
 * todos is O(list), so it is done lazily, when the row is read, not per event.
 */
export class RunSummaryTracker {
  private row: RunSummary;
  private decoder = new TodoSnapshotDecoder();
  private decoderStep: string | undefined;
  /** Items known only from item events (external runtimes that send no snapshots). */
  private loose: TodoItem[] = [];
  private looseIndex = new Map<string, number>();
  private source: 'none' | 'snapshot' | 'items' = 'none';
  private countsStale = false;

  constructor(summary: RunSummary) {
    this.row = summary;
  }

  /** The status alone, without recounting todos. */
  get status(): RunSummary['status'] {
    return this.row.status;
  }

  get summary(): RunSummary {
    if (this.countsStale) {
      const todos = this.source === 'snapshot' ? this.decoder.todos : this.loose;
      const progress = todoProgress(todos);
      this.row = { ...this.row, todos: { completed: progress.completed, total: progress.total } };
      this.countsStale = false;
    }
    return this.row;
  }

  /**
   * The log's highest seq, when it is above the last event applied (damaged lines at the end of a
   * log still took their numbers): the count must say where numbering goes on.
   */
  noteLastSeq(seq: number): void {
    if (seq > this.row.eventCount) this.row = { ...this.row, eventCount: seq };
  }

  /** Applies committed events; returns true when the change should be persisted at once. */
  apply(envelopes: ReadonlyArray<EventEnvelope>): boolean {
    let urgent = false;
    const s = { ...this.row };
    for (const event of envelopes) {
      s.eventCount = Math.max(s.eventCount, event.seq);
      const data = event.data;
      switch (event.type) {
        case 'run_status': {
          const status = RunStatus.safeParse(data['status']);
          if (!status.success) break;
          if (isFinalRunStatus(s.status) && !isFinalRunStatus(status.data)) break;
          s.status = status.data;
          urgent = true;
          if (isFinalRunStatus(status.data)) {
            s.endedAt = event.timestamp;
            delete s.currentStepId;
            delete s.waitingInput;
            if (status.data !== 'completed' && typeof data['reason'] === 'string') s.error = data['reason'];
          }
          if (status.data === 'running') delete s.waitingInput;
          break;
        }
        case 'human_input_requested':
          s.waitingInput = {
            stepId: String(data['step_id']),
            question: String(data['question'] ?? ''),
            ...(typeof data['response_type'] === 'string' ? { responseType: data['response_type'] } : {}),
            ...(Array.isArray(data['options']) ? { options: data['options'].map(String) } : {}),
          };
          urgent = true;
          break;
        case 'human_input_answered':
          delete s.waitingInput;
          break;
        case 'step_status':
          if (data['status'] === 'running' && data['parent_step_id'] === undefined && typeof data['step_id'] === 'string') s.currentStepId = data['step_id'];
          break;
        case 'todo_snapshot': {
          const stepId = String(data['step_id']);
          // A whole list starts over; a delta applies to the previous snapshot of its step.
          if (Array.isArray(data['todos']) || this.decoderStep !== stepId) {
            if (!Array.isArray(data['todos'])) break;
            this.decoder = new TodoSnapshotDecoder();
            this.decoderStep = stepId;
          }
          this.decoder.apply(data as TodoSnapshot);
          this.source = 'snapshot';
          this.countsStale = true;
          s.iteration = Math.max(s.iteration ?? 0, Number(data['iteration']) || 0);
          break;
        }
        case 'todo_task_route_selected': {
          s.iteration = Math.max(s.iteration ?? 0, Number(data['iteration']) || 1);
          const summary = data['todo_summary'] as { total?: unknown; completed?: unknown } | undefined;
          if (this.source === 'none' && summary && typeof summary.total === 'number') {
            s.todos = { total: summary.total, completed: typeof summary.completed === 'number' ? summary.completed : 0 };
          }
          break;
        }
        case 'todo_task_item_created':
        case 'todo_task_item_updated':
        case 'todo_task_item_completed':
          // With snapshots, the next snapshot says it all; item events count only without them.
          if (this.source !== 'snapshot') this.applyItemEvent(event);
          break;
      }
    }
    this.row = s;
    return urgent;
  }

  private applyItemEvent(event: EventEnvelope): void {
    const id = event.data['todo_id'];
    if (typeof id !== 'string') return;
    const at = this.looseIndex.get(id);
    if (event.type === 'todo_task_item_created') {
      if (at !== undefined) return;
      this.looseIndex.set(id, this.loose.length);
      this.loose.push({
        id,
        title: String(event.data['title'] ?? ''),
        status: typeof event.data['status'] === 'string' ? event.data['status'] : 'open',
        ...(typeof event.data['depth'] === 'number' ? { depth: event.data['depth'] } : {}),
      });
    } else {
      const status = event.type === 'todo_task_item_completed' ? 'completed' : event.data['new_status'];
      if (at === undefined || typeof status !== 'string') return;
      this.loose[at] = { ...this.loose[at]!, status };
    }
    this.source = 'items';
    this.countsStale = true;
  }
}
