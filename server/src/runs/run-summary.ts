import {
  RunStatus,
  isFinalRunStatus,
  todoProgress,
  type EventEnvelope,
  type RunSummary,
  type TodoItem,
} from '@planvas/shared';

/**
 * Keeps a run's index row current from its events, whoever produced them (the engine, an
 * external runtime through ingest, an import), so the runs list needs no log reads. The todo
 * counts come from the latest snapshot when there is one, else from the item events and, for
 * decision logs that carry only summaries, from `todo_summary`.
 */
export class RunSummaryTracker {
  private todos: TodoItem[] = [];
  private sawList = false;

  constructor(public summary: RunSummary) {}

  /** Applies committed events; returns true when the change should be persisted at once. */
  apply(envelopes: ReadonlyArray<EventEnvelope>): boolean {
    let urgent = false;
    const s = { ...this.summary };
    for (const event of envelopes) {
      s.eventCount = Math.max(s.eventCount, event.seq);
      const data = event.data;
      switch (event.type) {
        case 'run_status': {
          const status = RunStatus.safeParse(data['status']);
          if (!status.success) break;
          if (isFinalRunStatus(this.summary.status) && !isFinalRunStatus(status.data)) break;
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
        case 'todo_snapshot':
          if (Array.isArray(data['todos'])) {
            this.todos = data['todos'] as TodoItem[];
            this.sawList = true;
          }
          s.iteration = Math.max(s.iteration ?? 0, Number(data['iteration']) || 0);
          break;
        case 'todo_task_route_selected': {
          s.iteration = Math.max(s.iteration ?? 0, Number(data['iteration']) || 1);
          const summary = data['todo_summary'] as { total?: unknown; completed?: unknown } | undefined;
          if (!this.sawList && summary && typeof summary.total === 'number') {
            s.todos = { total: summary.total, completed: typeof summary.completed === 'number' ? summary.completed : 0 };
          }
          break;
        }
        case 'todo_task_item_created':
          if (typeof data['todo_id'] === 'string' && !this.todos.some((t) => t.id === data['todo_id'])) {
            this.todos = [
              ...this.todos,
              {
                id: data['todo_id'],
                title: String(data['title'] ?? ''),
                status: typeof data['status'] === 'string' ? data['status'] : 'open',
                ...(typeof data['depth'] === 'number' ? { depth: data['depth'] } : {}),
              },
            ];
            this.sawList = true;
          }
          break;
        case 'todo_task_item_updated':
        case 'todo_task_item_completed': {
          const status = event.type === 'todo_task_item_completed' ? 'completed' : data['new_status'];
          if (typeof status === 'string') this.todos = this.todos.map((t) => (t.id === data['todo_id'] ? { ...t, status } : t));
          break;
        }
      }
    }
    if (this.sawList) {
      const progress = todoProgress(this.todos);
      s.todos = { completed: progress.completed, total: progress.total };
    }
    this.summary = s;
    return urgent;
  }
}
