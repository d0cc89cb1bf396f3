import {
  EMPTY_RUN_STATE,
  foldRunEvents,
  type ActiveDelegation,
  type HumanInputRequested,
  type PlanvasEvent,
  type RunState,
  type RunStatus,
  type StepTodos,
  type TodoTaskStepCompleted,
} from '@planvas/shared';
import type { NodeStatus } from '../../flow/node-status';

export type { ActiveDelegation, StepTodos };

export type WaitingInput = { stepId: string; question: string; responseType?: string; options?: string[] };

/**
 * What the canvas, the todo panel and the run controls show: a view of the run's state as the
 * shared fold (@planvas/shared `foldRunEvents`, the same the server's run index uses) has it.
 * Built incrementally (`deriveRun(previous, newEvents)`) so a batch costs its own size, not the
 * size of the whole log: a 10,000-event run is folded once, then only what streams in.
 */
export type RunDerived = {
  /** The fold's state, which the next batch is folded onto. */
  fold: RunState;
  lastSeq: number;
  /** Canvas node id -> status (sub-agents under their own node id). */
  stepStatuses: Readonly<Record<string, NodeStatus>>;
  /** Node id -> the run its status is carried over from: a branch's steps before its branch point, completed in that run. */
  carriedOver: Readonly<Record<string, string>>;
  activeDelegation: ActiveDelegation | null;
  todosByStep: Readonly<Record<string, StepTodos>>;
  /** The todo_task step whose todos changed last: the one the todo panel shows by default. */
  currentTodoStepId: string | null;
  runStatus: RunStatus | null;
  runReason: string | null;
  waitingInput: WaitingInput | null;
  completions: Readonly<Record<string, TodoTaskStepCompleted>>;
};

export const EMPTY_RUN_DERIVED: RunDerived = viewOf(EMPTY_RUN_STATE, null);

/** The question as the run controls ask it: options that are text, none when there are none. */
function waitingInputOf(request: HumanInputRequested): WaitingInput {
  const options = Array.isArray(request.options) ? request.options.filter((o) => typeof o === 'string') : [];
  return {
    stepId: request.step_id,
    question: request.question,
    ...(request.response_type ? { responseType: request.response_type } : {}),
    ...(options.length > 0 ? { options } : {}),
  };
}

function viewOf(fold: RunState, previous: RunDerived | null): RunDerived {
  // The same question keeps the same object, so selectors on it stay referentially stable.
  const waitingInput =
    fold.waitingInput === null
      ? null
      : previous && previous.fold.waitingInput === fold.waitingInput
        ? previous.waitingInput
        : waitingInputOf(fold.waitingInput);
  return {
    fold,
    lastSeq: fold.lastSeq,
    stepStatuses: fold.stepStatuses,
    carriedOver: fold.carriedOver,
    activeDelegation: fold.activeDelegation,
    todosByStep: fold.todosByStep,
    currentTodoStepId: fold.currentTodoStepId,
    runStatus: fold.status,
    runReason: fold.statusReason || null,
    waitingInput,
    completions: fold.completions,
  };
}

/**
 * Folds new events (in seq order, not yet folded) into the derived state. Returns the same object
 * when nothing it tracks changed, so selectors stay referentially stable.
 */
export function deriveRun(previous: RunDerived, events: ReadonlyArray<PlanvasEvent>): RunDerived {
  const fold = foldRunEvents(previous.fold, events);
  return fold === previous.fold ? previous : viewOf(fold, previous);
}
