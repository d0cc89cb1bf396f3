import { useCallback, useId, useMemo, useState } from 'react';
import { useRunStore } from '../use-run-store';
import { activeTodoStep, todoStepChoices, todoStepLabel, type TodoStepChoice } from './todo-steps';
import './todo-step-switcher.css';

export type TodoStepSwitcherState = {
  choices: TodoStepChoice[];
  /** The step whose todos show: the user's pick in this run, else the one at work (todo-steps.ts). */
  shown: string | null;
  pick(stepId: string): void;
  /** Whether the run has reached the step (a status or todos): a step not reached has no todos to wait for. */
  hasRun(stepId: string): boolean;
};

/**
 * Which todo_task step the run panel shows. The user's pick holds for the run it was made in (a
 * run followed next starts on its own step at work); without one the panel moves on with the run,
 * from one todo_task step to the next.
 */
export function useTodoStepSwitcher(): TodoStepSwitcherState {
  const plan = useRunStore((s) => s.document?.plan ?? null);
  const runId = useRunStore((s) => s.followedRunId);
  const todosByStep = useRunStore((s) => s.run.todosByStep);
  const stepStatuses = useRunStore((s) => s.run.stepStatuses);
  const currentTodoStepId = useRunStore((s) => s.run.currentTodoStepId);
  const [picked, setPicked] = useState<{ runId: string | null; stepId: string } | null>(null);
  const choices = useMemo(() => todoStepChoices(plan, { todosByStep, stepStatuses, currentTodoStepId }), [plan, todosByStep, stepStatuses, currentTodoStepId]);
  const active = activeTodoStep(choices, { todosByStep, stepStatuses, currentTodoStepId });
  const pickedHere = picked !== null && picked.runId === runId && choices.some((c) => c.stepId === picked.stepId) ? picked.stepId : null;
  const pick = useCallback((stepId: string) => setPicked({ runId, stepId }), [runId]);
  const hasRun = useCallback((stepId: string) => stepStatuses[stepId] !== undefined || todosByStep[stepId] !== undefined, [stepStatuses, todosByStep]);
  return { choices, shown: pickedHere ?? active, pick, hasRun };
}

/**
 * A menu of the run's todo_task steps, each with where it is and its count, for a plan with more
 * than one: the panel shows one step's todos, objective and progress at a time. A menu rather than
 * tabs: step titles are long and the panel is 280 px wide.
 */
export function TodoStepSwitcher({ choices, shown, pick }: TodoStepSwitcherState) {
  const id = useId();
  const current = choices.find((c) => c.stepId === shown);
  return (
    <div className="pv-todo-switch">
      <label htmlFor={id}>todo_task step</label>
      <select
        id={id}
        data-testid="todo-step-switcher"
        value={shown ?? ''}
        title={current ? todoStepLabel(current) : undefined}
        onChange={(e) => pick(e.target.value)}
      >
        {shown === null ? (
          <option value="" disabled>
            None has run yet
          </option>
        ) : null}
        {choices.map((choice) => (
          <option key={choice.stepId} value={choice.stepId}>
            {todoStepLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
