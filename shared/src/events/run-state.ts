import { todoProgress } from '../todos/progress';
import type { TodoItem, TodoSummary } from '../todos/schema';
import { knownEvent, type KnownEvent, type PlanvasEvent } from './envelopes';
import type { HumanInputRequested, RunStatusChanged, StepStatus, StepStatusChanged, TodoSnapshotDelta, TodoTaskStepCompleted } from './payloads';
import { RunStatus, isFinalRunStatus } from './run';

/**
 * A run's state folded from its events: the one reducer behind the server's run index row
 * (RunSummary) and the web's derived run (what the canvas, todo panel and run controls show), so
 * both read the same events the same way. Pure and immutable: `foldRunEvents` returns a new
 * state sharing everything a batch did not touch (the same object when nothing changed), so a
 * 10,000-event run is folded once and then only what streams in.
 *
 * Events are folded in the order given (the log's seq order). Types the fold does not use, and
 * every unknown type, are passed over. Fields the fold keys on are still checked: an index is
 * rebuilt from any log on disk, which may be older than today's schemas or edited by hand.
 */

/** The todo list of one todo_task step as the run has it now. */
export type StepTodos = {
  stepId: string;
  objective?: string;
  todos: TodoItem[];
  /** Latest iteration seen for the step (0 before the first orchestrator turn). */
  iteration: number;
  /**
   * Where the list comes from: `snapshot` (todo_snapshot; later deltas apply to it), `items` (item
   * events only, as some external runtimes send), absent (no list yet: decisions only).
   */
  listFrom?: 'snapshot' | 'items';
  /** The latest decision's `todo_summary`, kept while the step has no list (imported decision logs carry only these). */
  summary?: TodoSummary;
};

/** A route (or the generic agent) being delegated to right now: its edge and node are highlighted. */
export type ActiveDelegation = { parentStepId: string; routeId: string; nodeId: string };

export type RunState = {
  /** Highest seq folded (0 before any). */
  lastSeq: number;
  /** Status by the latest run_status; null before the first. Once final it no longer changes. */
  status: RunStatus | null;
  /** `reason` of the run_status that set the status. */
  statusReason: string | null;
  /** Timestamp of the run_status that ended the run. */
  endedAt: string | null;
  /** The question the run waits on (its human_input_requested payload) until answered or the run goes on. */
  waitingInput: HumanInputRequested | null;
  /** While the run is paused: the `run_status` that paused it (breakpoint, step, iteration, pending decision). */
  pause: RunStatusChanged | null;
  /** The top-level step that started running last; null once the run has ended. */
  currentStepId: string | null;
  /** Latest todo_task iteration seen in the run, any step (null before the first decision or snapshot). */
  iteration: number | null;
  /** Canvas node id (`statusNodeId`) -> status. */
  stepStatuses: Readonly<Record<string, StepStatus>>;
  /** Node id -> the run its status is carried over from: a branch's steps before its branch point, completed in that run. */
  carriedOver: Readonly<Record<string, string>>;
  activeDelegation: ActiveDelegation | null;
  todosByStep: Readonly<Record<string, StepTodos>>;
  /** The todo_task step whose todos changed last: the list the todo panel and the run's counts show. */
  currentTodoStepId: string | null;
  completions: Readonly<Record<string, TodoTaskStepCompleted>>;
};

export const EMPTY_RUN_STATE: RunState = {
  lastSeq: 0,
  status: null,
  statusReason: null,
  endedAt: null,
  waitingInput: null,
  pause: null,
  currentStepId: null,
  iteration: null,
  stepStatuses: {},
  carriedOver: {},
  activeDelegation: null,
  todosByStep: {},
  currentTodoStepId: null,
  completions: {},
};

/** Canvas node id of a route's sub-agent under its todo_task or orchestration step. */
export function subAgentNodeId(parentStepId: string, routeId: string): string {
  return `${parentStepId}-sub-agent-${routeId}`;
}

/** Canvas node id of a step's generic agent (`route_id` `generic` in step_status events). */
export function genericAgentNodeId(parentStepId: string): string {
  return `${parentStepId}-sub-agent-generic`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const integer = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** The node a step_status event is about: sub-agents are keyed by parent and route. */
export function statusNodeId(data: Pick<StepStatusChanged, 'step_id' | 'parent_step_id' | 'route_id'>): string | undefined {
  const parent = text(data.parent_step_id);
  const route = text(data.route_id);
  if (parent && route) return route === 'generic' ? genericAgentNodeId(parent) : subAgentNodeId(parent, route);
  return text(data.step_id);
}

const RUN_STATUSES: ReadonlySet<unknown> = new Set(RunStatus.options);
const STEP_STATUSES: ReadonlySet<unknown> = new Set<StepStatus>(['pending', 'running', 'executing', 'evaluating', 'orchestrating', 'completed', 'failed']);
/** Statuses during which a step (or sub-agent) is doing work: a sub-agent in one is the active delegation. */
const ACTIVE_STEP_STATUSES: ReadonlySet<StepStatus> = new Set(['running', 'executing', 'evaluating', 'orchestrating']);

/** Folds one event. */
export function foldRunEvent(state: RunState, event: PlanvasEvent): RunState {
  return foldRunEvents(state, [event]);
}

/** Folds a batch of events (in seq order, not yet folded); each record is copied at most once per batch. */
export function foldRunEvents(state: RunState, events: ReadonlyArray<PlanvasEvent>): RunState {
  if (events.length === 0) return state;
  const draft = new Draft(state);
  for (const event of events) draft.apply(event);
  return draft.result(state);
}

/**
 * A todo_task step's todo counts, the one count every view shows (the progress ring, the todo
 * panel, the runs list, the step-completed card): leaf todos of its list, parents not counted
 * (docs/formats.md "Todo tree and progress"), or its latest decision's `todo_summary` while the step
 * has no list; undefined before either.
 */
export function stepTodoCounts(step: StepTodos | undefined): { completed: number; total: number } | undefined {
  if (!step) return undefined;
  if (step.listFrom !== undefined) {
    const progress = todoProgress(step.todos);
    return { completed: progress.completed, total: progress.total };
  }
  if (step.summary) return { total: step.summary.total, completed: step.summary.completed ?? 0 };
  return undefined;
}

/** The run's todo counts (RunSummary `todos`, docs/api.md "GET /api/runs"): `stepTodoCounts` of its current todo_task step. */
export function runTodoCounts(state: RunState): { completed: number; total: number } | undefined {
  return stepTodoCounts(state.currentTodoStepId === null ? undefined : state.todosByStep[state.currentTodoStepId]);
}

/**
 * A delta snapshot applied to the step's list (the same rules as TodoSnapshotDecoder): items in
 * `changed` replace theirs or are added; `ids`, when present, is the whole order.
 */
function applyTodoDelta(list: ReadonlyArray<TodoItem>, delta: TodoSnapshotDelta): TodoItem[] {
  const changed = new Map(delta.changed.map((t) => [t.id, t]));
  if (delta.ids) {
    const byId = new Map(list.map((t) => [t.id, t]));
    for (const [id, item] of changed) byId.set(id, item);
    const out: TodoItem[] = [];
    for (const id of delta.ids) {
      const item = byId.get(id);
      if (item) out.push(item);
    }
    return out;
  }
  const out = list.map((t) => changed.get(t.id) ?? t);
  const present = new Set(list.map((t) => t.id));
  for (const item of delta.changed) {
    if (present.has(item.id)) continue;
    present.add(item.id);
    out.push(item);
  }
  return out;
}

/** The state being built from one batch: each record is copied on its first change only. */
class Draft {
  lastSeq: number;
  status: RunState['status'];
  statusReason: RunState['statusReason'];
  endedAt: RunState['endedAt'];
  waitingInput: RunState['waitingInput'];
  pause: RunState['pause'];
  currentStepId: RunState['currentStepId'];
  iteration: RunState['iteration'];
  stepStatuses: Record<string, StepStatus>;
  carriedOver: Record<string, string>;
  activeDelegation: RunState['activeDelegation'];
  todosByStep: Record<string, StepTodos>;
  currentTodoStepId: RunState['currentTodoStepId'];
  completions: Record<string, TodoTaskStepCompleted>;
  private statusesCopied = false;
  private readonly copiedSteps = new Set<string>();

  constructor(state: RunState) {
    this.lastSeq = state.lastSeq;
    this.status = state.status;
    this.statusReason = state.statusReason;
    this.endedAt = state.endedAt;
    this.waitingInput = state.waitingInput;
    this.pause = state.pause;
    this.currentStepId = state.currentStepId;
    this.iteration = state.iteration;
    this.stepStatuses = state.stepStatuses as Record<string, StepStatus>;
    this.carriedOver = state.carriedOver as Record<string, string>;
    this.activeDelegation = state.activeDelegation;
    this.todosByStep = state.todosByStep as Record<string, StepTodos>;
    this.currentTodoStepId = state.currentTodoStepId;
    this.completions = state.completions as Record<string, TodoTaskStepCompleted>;
  }

  apply(raw: PlanvasEvent): void {
    if (raw.seq > this.lastSeq) this.lastSeq = raw.seq;
    const event = knownEvent(raw);
    if (!event) return;
    switch (event.type) {
      case 'run_status':
        return this.runStatus(event);
      case 'step_status':
        return this.stepStatus(event);
      case 'todo_snapshot':
        return this.snapshot(event);
      case 'todo_task_item_created':
        return this.itemCreated(event);
      case 'todo_task_item_updated': {
        const status = text(event.data.new_status);
        if (status) this.patchTodo(event.data, { status, ...(text(event.data.notes) ? { notes: event.data.notes as string } : {}) });
        return;
      }
      case 'todo_task_item_completed':
        return this.patchTodo(event.data, { status: 'completed', ...(text(event.data.result) ? { result: event.data.result as string } : {}) });
      case 'todo_task_route_selected':
        return this.decision(event);
      case 'objective_updated': {
        const stepId = text(event.data.step_id) ?? this.currentTodoStepId;
        if (stepId && typeof event.data.objective === 'string') this.editTodos(stepId).objective = event.data.objective;
        return;
      }
      case 'todo_task_step_completed': {
        const stepId = text(event.data.step_id);
        if (stepId) this.completions = { ...this.completions, [stepId]: event.data };
        return;
      }
      case 'human_input_requested':
        if (text(event.data.step_id) && typeof event.data.question === 'string') this.waitingInput = event.data;
        return;
      case 'human_input_answered':
        this.waitingInput = null;
        return;
      default:
        return;
    }
  }

  private runStatus({ data, timestamp }: KnownEvent<'run_status'>): void {
    const status = data.status;
    if (!RUN_STATUSES.has(status)) return;
    // A run that has ended never runs again (FINAL_RUN_STATUSES); a later final status still counts.
    if (this.status !== null && isFinalRunStatus(this.status) && !isFinalRunStatus(status)) return;
    this.status = status;
    this.statusReason = typeof data.reason === 'string' ? data.reason : null;
    if (status !== 'waiting_input') this.waitingInput = null;
    this.pause = status === 'paused' ? data : null;
    if (isFinalRunStatus(status)) {
      this.endedAt = timestamp;
      this.currentStepId = null;
      this.activeDelegation = null;
    }
  }

  private stepStatus({ data }: KnownEvent<'step_status'>): void {
    const status = data.status;
    if (!STEP_STATUSES.has(status)) return;
    if (status === 'running' && data.parent_step_id === undefined && typeof data.step_id === 'string') this.currentStepId = data.step_id;
    const nodeId = statusNodeId(data);
    if (!nodeId) return;
    if (this.stepStatuses[nodeId] !== status) {
      if (!this.statusesCopied) {
        this.stepStatuses = { ...this.stepStatuses };
        this.statusesCopied = true;
      }
      this.stepStatuses[nodeId] = status;
    }
    // Each status says where it comes from: a later one of a step run again clears "carried over".
    const from = text(data.carried_over_from);
    if (this.carriedOver[nodeId] !== from) {
      this.carriedOver = { ...this.carriedOver };
      if (from === undefined) delete this.carriedOver[nodeId];
      else this.carriedOver[nodeId] = from;
    }
    const parent = text(data.parent_step_id);
    const route = text(data.route_id);
    if (parent && route) {
      if (ACTIVE_STEP_STATUSES.has(status)) this.activeDelegation = { parentStepId: parent, routeId: route, nodeId };
      else if (this.activeDelegation?.nodeId === nodeId) this.activeDelegation = null;
    } else if (this.activeDelegation?.parentStepId === nodeId && !ACTIVE_STEP_STATUSES.has(status)) {
      this.activeDelegation = null;
    }
  }

  private snapshot({ data }: KnownEvent<'todo_snapshot'>): void {
    const stepId = text(data.step_id);
    if (!stepId) return;
    let todos: TodoItem[];
    if (Array.isArray(data.todos)) todos = data.todos.slice();
    // A delta builds on the step's previous snapshot; without one its base is unknown.
    else if (data.delta && this.todosByStep[stepId]?.listFrom === 'snapshot') todos = applyTodoDelta(this.todosByStep[stepId].todos, data.delta);
    else return;
    const list = this.editTodos(stepId);
    list.todos = todos;
    list.listFrom = 'snapshot';
    delete list.summary;
    if (typeof data.objective === 'string') list.objective = data.objective;
    const iteration = integer(data.iteration) ?? 0;
    list.iteration = Math.max(list.iteration, iteration);
    this.iteration = Math.max(this.iteration ?? 0, iteration);
  }

  private itemCreated({ data }: KnownEvent<'todo_task_item_created'>): void {
    const stepId = this.itemStepId(data.step_id);
    const todoId = text(data.todo_id);
    if (!stepId || !todoId) return;
    const list = this.editTodos(stepId);
    if (list.todos.some((t) => t.id === todoId)) return;
    const depth = integer(data.depth);
    list.todos.push({
      id: todoId,
      title: typeof data.title === 'string' ? data.title : todoId,
      status: text(data.status) ?? 'open',
      ...(text(data.description) ? { description: data.description as string } : {}),
      ...(text(data.assigned_agent) ? { assigned_agent: data.assigned_agent as string } : {}),
      ...(depth !== undefined && depth > 0 ? { depth } : {}),
    });
    if (list.listFrom === undefined) {
      list.listFrom = 'items';
      delete list.summary;
    }
  }

  private patchTodo(data: { step_id?: unknown; todo_id?: unknown }, patch: Partial<TodoItem>): void {
    const stepId = this.itemStepId(data.step_id);
    const todoId = text(data.todo_id);
    if (!stepId || !todoId) return;
    const list = this.editTodos(stepId);
    const index = list.todos.findIndex((t) => t.id === todoId);
    if (index >= 0) list.todos[index] = { ...list.todos[index]!, ...patch };
  }

  /** An item event's step; one without (a hand-written log) belongs to the list that changed last. */
  private itemStepId(stepId: unknown): string | null {
    return text(stepId) ?? this.currentTodoStepId;
  }

  private decision({ data }: KnownEvent<'todo_task_route_selected'>): void {
    const iteration = integer(data.iteration) || 1;
    this.iteration = Math.max(this.iteration ?? 0, iteration);
    const stepId = text(data.step_id);
    if (!stepId) return;
    const current = this.todosByStep[stepId];
    if ((current?.iteration ?? -1) < iteration) this.editTodos(stepId).iteration = iteration;
    const summary = data.todo_summary;
    if (summary && typeof summary.total === 'number' && current?.listFrom === undefined) this.editTodos(stepId).summary = summary;
  }

  private editTodos(stepId: string): StepTodos {
    if (!this.copiedSteps.has(stepId)) {
      const current = this.todosByStep[stepId] ?? { stepId, todos: [], iteration: 0 };
      this.todosByStep = { ...this.todosByStep, [stepId]: { ...current, todos: current.todos.slice() } };
      this.copiedSteps.add(stepId);
    }
    this.currentTodoStepId = stepId;
    return this.todosByStep[stepId]!;
  }

  result(previous: RunState): RunState {
    const next: RunState = {
      lastSeq: this.lastSeq,
      status: this.status,
      statusReason: this.statusReason,
      endedAt: this.endedAt,
      waitingInput: this.waitingInput,
      pause: this.pause,
      currentStepId: this.currentStepId,
      iteration: this.iteration,
      stepStatuses: this.stepStatuses,
      carriedOver: this.carriedOver,
      activeDelegation: this.activeDelegation,
      todosByStep: this.todosByStep,
      currentTodoStepId: this.currentTodoStepId,
      completions: this.completions,
    };
    const keys = Object.keys(next) as Array<keyof RunState>;
    return keys.every((key) => next[key] === previous[key]) ? previous : next;
  }
}
