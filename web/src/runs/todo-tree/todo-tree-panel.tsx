import { useCallback } from 'react';
import { ListTodo } from 'lucide-react';
import type { TodoItem } from '@planvas/shared';
import { followedRunStatus, useRunStore } from '../use-run-store';
import { ObjectiveEditor } from './objective-editor';
import { TodoTreeView } from './todo-tree-view';

const NO_TODOS: TodoItem[] = [];

/**
 * The followed run's todo tree and objective, live. Shows the step whose todos changed last
 * unless a step is given. The objective can be edited while the run goes on; the edit is stored
 * with the run and comes back as an `objective_updated` event.
 */
export function TodoTreePanel({ stepId }: { stepId?: string }) {
  const shownStep = useRunStore((s) => stepId ?? s.run.currentTodoStepId);
  const todos = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.todos : undefined) ?? NO_TODOS);
  const objective = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.objective : undefined));
  const iteration = useRunStore((s) => (shownStep ? s.run.todosByStep[shownStep]?.iteration : undefined));
  const live = useRunStore((s) => {
    const status = followedRunStatus(s);
    return s.followedRunId !== null && (status === 'running' || status === 'waiting_input');
  });
  const hasRun = useRunStore((s) => s.followedRunId !== null);
  const editObjective = useRunStore((s) => s.editObjective);
  const save = useCallback((text: string) => editObjective(text, shownStep ?? undefined), [editObjective, shownStep]);

  return (
    <section className="pv-panel pv-todo-panel" aria-label="Todo tree">
      <header className="pv-panel__header">
        <ListTodo size={14} aria-hidden />
        <h2>Todos</h2>
        {shownStep ? (
          <span className="pv-panel__meta">
            {shownStep}
            {iteration ? ` · iteration ${iteration}` : ''}
          </span>
        ) : null}
      </header>
      {!hasRun ? (
        <p className="pv-todo-tree__empty">Start or open a run to see its todos.</p>
      ) : (
        <TodoTreeView
          todos={todos}
          objective={shownStep ? <ObjectiveEditor objective={objective} {...(live ? { onSave: save } : {})} /> : null}
          emptyText={shownStep ? 'No todos yet' : 'No todo_task step has run yet'}
        />
      )}
    </section>
  );
}
