import {
  isFinalRunStatus,
  RunStatus,
  StepStatus,
  type EventEnvelope,
  type TodoItem,
  type TodoTaskStepCompleted,
} from '@planvas/shared';
import { genericAgentNodeId, subAgentNodeId } from '../../flow/node-data';
import type { NodeStatus } from '../../flow/node-status';

/** The todo list of one todo_task step as the run has it now. */
export type StepTodos = {
  stepId: string;
  objective?: string;
  todos: TodoItem[];
  /** Latest iteration seen for the step (0 before the first orchestrator turn). */
  iteration: number;
};

export type WaitingInput = { stepId: string; question: string; responseType?: string; options?: string[] };

/** A route (or the generic agent) being delegated to right now: its edge and node are highlighted. */
export type ActiveDelegation = { parentStepId: string; routeId: string; nodeId: string };

/**
 * What the canvas, the todo panel and the run controls show, folded from the run's events. Built
 * incrementally (`deriveRun(previous, newEvents)`) so a batch costs its own size, not the size of
 * the whole log: a 10,000-event run is folded once, then only what streams in.
 */
export type RunDerived = {
  lastSeq: number;
  /** Canvas node id -> status (sub-agents under their own node id). */
  stepStatuses: Record<string, NodeStatus>;
  /** Node id -> the run its status is carried over from: a branch's steps before its branch point, completed in that run. */
  carriedOver: Record<string, string>;
  activeDelegation: ActiveDelegation | null;
  todosByStep: Record<string, StepTodos>;
  /** The todo_task step whose todos changed last: the one the todo panel shows by default. */
  currentTodoStepId: string | null;
  runStatus: RunStatus | null;
  runReason: string | null;
  waitingInput: WaitingInput | null;
  completions: Record<string, TodoTaskStepCompleted>;
};

export const EMPTY_RUN_DERIVED: RunDerived = {
  lastSeq: 0,
  stepStatuses: {},
  carriedOver: {},
  activeDelegation: null,
  todosByStep: {},
  currentTodoStepId: null,
  runStatus: null,
  runReason: null,
  waitingInput: null,
  completions: {},
};

const ACTIVE: ReadonlySet<string> = new Set(['running', 'executing', 'evaluating', 'orchestrating']);

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** Canvas node id for a step_status event: sub-agents are keyed by parent and route. */
export function nodeIdOfStatusEvent(data: Record<string, unknown>): string | undefined {
  const parent = str(data['parent_step_id']);
  const route = str(data['route_id']);
  if (parent && route) return route === 'generic' ? genericAgentNodeId(parent) : subAgentNodeId(parent, route);
  return str(data['step_id']);
}

/**
 * Folds new events (in seq order, not yet folded) into the derived state. Returns the same object
 * when nothing it tracks changed, so selectors stay referentially stable.
 */
export function deriveRun(previous: RunDerived, events: ReadonlyArray<EventEnvelope>): RunDerived {
  if (events.length === 0) return previous;
  let stepStatuses = previous.stepStatuses;
  let carriedOver = previous.carriedOver;
  let todosByStep = previous.todosByStep;
  let completions = previous.completions;
  let { activeDelegation, currentTodoStepId, runStatus, runReason, waitingInput } = previous;
  // Copy each record at most once per batch.
  let statusesCopied = false;
  const copiedSteps = new Set<string>();

  const setStatus = (nodeId: string, status: NodeStatus) => {
    if (stepStatuses[nodeId] === status) return;
    if (!statusesCopied) {
      stepStatuses = { ...stepStatuses };
      statusesCopied = true;
    }
    stepStatuses[nodeId] = status;
  };
  // A status event says where the status comes from; a later one of a step run again clears it.
  const setCarriedOver = (nodeId: string, from: string | undefined) => {
    if (carriedOver[nodeId] === from) return;
    carriedOver = { ...carriedOver };
    if (from === undefined) delete carriedOver[nodeId];
    else carriedOver[nodeId] = from;
  };
  const editTodos = (stepId: string): StepTodos => {
    if (!copiedSteps.has(stepId)) {
      const current = todosByStep[stepId] ?? { stepId, todos: [], iteration: 0 };
      todosByStep = { ...todosByStep, [stepId]: { ...current, todos: current.todos.slice() } };
      copiedSteps.add(stepId);
    }
    currentTodoStepId = stepId;
    return todosByStep[stepId]!;
  };
  const patchTodo = (list: StepTodos, todoId: string, patch: Partial<TodoItem>) => {
    const index = list.todos.findIndex((t) => t.id === todoId);
    if (index >= 0) list.todos[index] = { ...list.todos[index]!, ...patch };
  };

  for (const { type, data } of events) {
    switch (type) {
      case 'step_status': {
        const status = StepStatus.safeParse(data['status']);
        const nodeId = nodeIdOfStatusEvent(data);
        if (!status.success || !nodeId) break;
        setStatus(nodeId, status.data);
        setCarriedOver(nodeId, str(data['carried_over_from']));
        const parent = str(data['parent_step_id']);
        const route = str(data['route_id']);
        if (parent && route) {
          if (ACTIVE.has(status.data)) activeDelegation = { parentStepId: parent, routeId: route, nodeId };
          else if (activeDelegation?.nodeId === nodeId) activeDelegation = null;
        } else if (activeDelegation?.parentStepId === nodeId && !ACTIVE.has(status.data)) {
          activeDelegation = null;
        }
        break;
      }
      case 'todo_snapshot': {
        const stepId = str(data['step_id']);
        if (!stepId || !Array.isArray(data['todos'])) break;
        const list = editTodos(stepId);
        list.todos = (data['todos'] as TodoItem[]).slice();
        const objective = data['objective'];
        if (typeof objective === 'string') list.objective = objective;
        list.iteration = Math.max(list.iteration, int(data['iteration']) ?? 0);
        break;
      }
      case 'todo_task_item_created': {
        const stepId = str(data['step_id']);
        const todoId = str(data['todo_id']);
        if (!stepId || !todoId) break;
        const list = editTodos(stepId);
        if (list.todos.some((t) => t.id === todoId)) break;
        const depth = int(data['depth']);
        list.todos.push({
          id: todoId,
          title: typeof data['title'] === 'string' ? data['title'] : todoId,
          status: str(data['status']) ?? 'open',
          ...(str(data['description']) ? { description: data['description'] as string } : {}),
          ...(str(data['assigned_agent']) ? { assigned_agent: data['assigned_agent'] as string } : {}),
          ...(depth !== undefined && depth > 0 ? { depth } : {}),
        });
        break;
      }
      case 'todo_task_item_updated': {
        const stepId = str(data['step_id']);
        const todoId = str(data['todo_id']);
        const status = str(data['new_status']);
        if (!stepId || !todoId || !status) break;
        patchTodo(editTodos(stepId), todoId, { status, ...(str(data['notes']) ? { notes: data['notes'] as string } : {}) });
        break;
      }
      case 'todo_task_item_completed': {
        const stepId = str(data['step_id']);
        const todoId = str(data['todo_id']);
        if (!stepId || !todoId) break;
        patchTodo(editTodos(stepId), todoId, { status: 'completed', ...(str(data['result']) ? { result: data['result'] as string } : {}) });
        break;
      }
      case 'todo_task_route_selected': {
        const stepId = str(data['step_id']);
        const iteration = int(data['iteration']) ?? 1;
        if (!stepId) break;
        if ((todosByStep[stepId]?.iteration ?? -1) < iteration) editTodos(stepId).iteration = iteration;
        break;
      }
      case 'objective_updated': {
        const stepId = str(data['step_id']) ?? currentTodoStepId;
        if (!stepId || typeof data['objective'] !== 'string') break;
        editTodos(stepId).objective = data['objective'];
        break;
      }
      case 'todo_task_step_completed': {
        const stepId = str(data['step_id']);
        if (!stepId) break;
        completions = { ...completions, [stepId]: data as TodoTaskStepCompleted };
        break;
      }
      case 'human_input_requested': {
        const stepId = str(data['step_id']);
        if (!stepId || typeof data['question'] !== 'string') break;
        const options = Array.isArray(data['options']) ? (data['options'] as unknown[]).filter((o): o is string => typeof o === 'string') : undefined;
        waitingInput = {
          stepId,
          question: data['question'],
          ...(str(data['response_type']) ? { responseType: data['response_type'] as string } : {}),
          ...(options && options.length > 0 ? { options } : {}),
        };
        break;
      }
      case 'human_input_answered':
        waitingInput = null;
        break;
      case 'run_status': {
        const status = RunStatus.safeParse(data['status']);
        if (!status.success) break;
        runStatus = status.data;
        runReason = str(data['reason']) ?? null;
        if (status.data !== 'waiting_input') waitingInput = null;
        if (isFinalRunStatus(status.data)) activeDelegation = null;
        break;
      }
    }
  }

  return {
    lastSeq: events[events.length - 1]!.seq,
    stepStatuses,
    carriedOver,
    activeDelegation,
    todosByStep,
    currentTodoStepId,
    runStatus,
    runReason,
    waitingInput,
    completions,
  };
}
