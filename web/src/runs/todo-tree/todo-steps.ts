import { stepTodoCounts, walkSteps, type Plan } from '@planvas/shared';
import { ACTIVE_STATUSES, type NodeStatus } from '../../flow/node-status';
import type { RunDerived } from '../../store/run-events/run-derive';

/** A todo_task step the run panel can show the todos of. */
export type TodoStepChoice = {
  stepId: string;
  /** The step's title in the plan, else its id. */
  title: string;
  status?: NodeStatus;
  counts?: { completed: number; total: number };
};

type RunView = Pick<RunDerived, 'todosByStep' | 'stepStatuses' | 'currentTodoStepId'>;

/**
 * The todo_task steps of a run, for the panel's switcher: every todo_task step of the plan in
 * document order (nested in a branch or a sub-agent too), then any the run has todos for that the
 * plan does not name (an external runtime's own, or a step renamed since the run).
 */
export function todoStepChoices(plan: Plan | null, run: RunView): TodoStepChoice[] {
  const choices: TodoStepChoice[] = [];
  const seen = new Set<string>();
  const add = (stepId: string, title: string) => {
    if (seen.has(stepId)) return;
    seen.add(stepId);
    const status = run.stepStatuses[stepId];
    const counts = stepTodoCounts(run.todosByStep[stepId]);
    choices.push({ stepId, title, ...(status ? { status } : {}), ...(counts ? { counts } : {}) });
  };
  if (plan)
    for (const { step } of walkSteps(plan)) if (step.type === 'todo_task') add(step.id, typeof step.title === 'string' && step.title ? step.title : step.id);
  for (const stepId of Object.keys(run.todosByStep)) add(stepId, stepId);
  return choices;
}

/**
 * The step the panel shows unless the user picks another: the todo_task step at work now, else the
 * one whose todos changed last (the last that ran), else the last in plan order that has run at
 * all; null before any has.
 */
export function activeTodoStep(choices: ReadonlyArray<TodoStepChoice>, run: RunView): string | null {
  const working = choices.find((c) => c.status !== undefined && (ACTIVE_STATUSES.has(c.status) || c.status === 'waiting'));
  if (working) return working.stepId;
  if (run.currentTodoStepId !== null) return run.currentTodoStepId;
  const ran = choices.filter((c) => c.status === 'completed' || c.status === 'failed');
  return ran[ran.length - 1]?.stepId ?? null;
}

/** One line per step in the switcher: its title, where it is and its todo count. */
export function todoStepLabel(choice: TodoStepChoice): string {
  const parts = [choice.title];
  if (choice.status && choice.status !== 'pending') parts.push(choice.status);
  else if (!choice.counts) parts.push('not run yet');
  if (choice.counts && choice.counts.total > 0) parts.push(`${choice.counts.completed}/${choice.counts.total}`);
  return parts.join(' · ');
}
