import { useCallback } from 'react';
import { useShallow } from 'zustand/shallow';
import { ListTodo } from 'lucide-react';
import { stepTodoCounts, type TodoItem } from '@planvas/shared';
import type { RunAppState } from '../use-run-store';
import { followedRunStatus, useRunStore } from '../use-run-store';
import { ObjectiveEditor } from './objective-editor';
import { TodoStepSwitcher, useTodoStepSwitcher } from './todo-step-switcher';
import { TodoTreeView } from './todo-tree-view';

const NO_TODOS: TodoItem[] = [];

/**
 * Why the step's objective cannot be edited now, or null while it can: an edit is read by the
 * step's next orchestrator turn, so it means something only while the run goes on and the step has
 * turns ahead (running, or not started yet). Once the step has finished, a change would apply to
 * nothing; a run continued from one of its iterations takes a new objective instead.
 */
function objectiveLockOf(s: RunAppState, stepId: string | null): string | null | 'ended' {
  if (s.followedRunId === null || stepId === null) return 'ended';
  const status = followedRunStatus(s);
  // An ended run is read like a record: nothing to edit, nothing to explain.
  if (status !== 'running' && status !== 'waiting_input') return 'ended';
  const stepStatus = s.run.stepStatuses[stepId];
  if (s.run.completions[stepId] || stepStatus === 'completed' || stepStatus === 'failed') {
    return 'This step has finished, so a new objective would change nothing in this run. To work towards another objective, continue from one of its iterations (execution logs).';
  }
  return null;
}

/**
 * The followed run's todo tree and objective, live. Shows the given step, else the one the user
 * picks in the switcher (a run of a plan with several todo_task steps), else the step at work
 * (todo-steps.ts). The objective can be edited while the step still has turns ahead; the edit is
 * stored with the run and comes back as an `objective_updated` event.
 */
export function TodoTreePanel({ stepId }: { stepId?: string }) {
  const switcher = useTodoStepSwitcher();
  const shownStep = stepId ?? switcher.shown;
  const todos = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.todos : undefined) ?? NO_TODOS);
  const objective = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.objective : undefined));
  const iteration = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.iteration : undefined));
  // Counted as the canvas' ring and the runs list count them (leaf todos; a decisions-only step by its summary).
  const counts = useRunStore(useShallow((s) => (shownStep ? stepTodoCounts(s.run.todosByStep[shownStep]) : undefined)));
  const lock = useRunStore((s) => objectiveLockOf(s, shownStep));
  const hasRun = useRunStore((s) => s.followedRunId !== null);
  const editObjective = useRunStore((s) => s.editObjective);
  const save = useCallback((text: string) => editObjective(text, shownStep ?? undefined), [editObjective, shownStep]);

  return (
    // Focusable: the run sidebar scrolls it, and a tree of read-only rows has nothing else the keyboard could scroll it with.
    <section className="pv-panel pv-todo-panel" aria-label="Todo tree" tabIndex={0}>
      <header className="pv-panel__header">
        <ListTodo size={14} aria-hidden />
        <h2>Todos</h2>
        {shownStep ? (
          <PanelMeta text={[stepId === undefined && switcher.choices.length > 1 ? '' : shownStep, iteration ? `iteration ${iteration}` : '']} />
        ) : null}
      </header>
      {stepId === undefined && hasRun && switcher.choices.length > 1 ? <TodoStepSwitcher {...switcher} /> : null}
      {!hasRun ? (
        <p className="pv-todo-tree__empty">Start or open a run to see its todos.</p>
      ) : (
        <TodoTreeView
          todos={todos}
          objective={
            shownStep ? (
              <ObjectiveEditor objective={objective} {...(lock === null ? { onSave: save } : lock === 'ended' ? {} : { lockedReason: lock })} />
            ) : null
          }
          {...(counts ? { counts } : {})}
          emptyText={!shownStep ? 'No todo_task step has run yet' : switcher.hasRun(shownStep) ? 'No todos yet' : 'This step has not run yet'}
        />
      )}
    </section>
  );
}

/** The header's `step · iteration`, one line, the whole of it in a tooltip when it does not fit. */
function PanelMeta({ text }: { text: string[] }) {
  const line = text.filter(Boolean).join(' · ');
  if (!line) return null;
  return (
    <span className="pv-panel__meta" title={line}>
      {line}
    </span>
  );
}
