import { memo, useMemo, type ReactNode } from 'react';
import { todoProgress, todoSummaryLine, todoTree, type TodoItem } from '@planvas/shared';
import { TodoStatusChip } from './todo-status-chip';
import './todo-tree.css';

export type TodoTreeViewProps = {
  todos: ReadonlyArray<TodoItem>;
  /** Shown above the tree; the panel passes an editor here while a run goes on. */
  objective?: ReactNode;
  emptyText?: string;
  /**
   * The step's counts when they do not come from `todos` (a step known only from decisions counts
   * by their summary: `stepTodoCounts`, the count every view shows).
   */
  counts?: { completed: number; total: number };
};

const agentName = (agent: string) => (agent === 'generic' ? 'Generic Agent' : agent);

/**
 * The todo list as the tree its pre-order and `depth` describe (docs/formats.md "Todo tree and
 * progress"): dotted numbers, status, assigned agent and result per row, and a summary line
 * counting leaf todos only, so a parent that is a heading for its sub-steps never inflates the
 * progress.
 */
export const TodoTreeView = memo(function TodoTreeView({ todos, objective, emptyText = 'No todos yet', counts }: TodoTreeViewProps) {
  const rows = useMemo(() => todoTree(todos), [todos]);
  const progress = useMemo(() => {
    const leaves = todoProgress(todos);
    return counts && leaves.total === 0 ? { ...leaves, completed: counts.completed, total: counts.total } : leaves;
  }, [todos, counts]);
  const percent = progress.total === 0 ? 0 : Math.round((progress.completed / progress.total) * 100);
  return (
    <div className="pv-todo-tree">
      {objective}
      <div className="pv-todo-tree__summary">
        <span data-testid="todo-summary">{todoSummaryLine(progress)}</span>
        <span
          className="pv-todo-tree__bar"
          role="progressbar"
          aria-label="Leaf todos completed"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.completed}
        >
          <span style={{ width: `${percent}%` }} />
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="pv-todo-tree__empty">{emptyText}</p>
      ) : (
        <ol className="pv-todo-tree__list" role="tree" aria-label="Todos">
          {rows.map((row) => (
            <li
              key={`${row.todo.id}-${row.index}`}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-selected={false}
              className={`pv-todo-row${row.isLeaf ? '' : ' pv-todo-row--parent'}`}
              data-testid="todo-row"
              data-todo-id={row.todo.id}
              style={{ paddingLeft: `${row.depth * 16 + 6}px` }}
            >
              <span className="pv-todo-row__number" data-testid="todo-number">
                {row.number}
              </span>
              <span className="pv-todo-row__main">
                <span className="pv-todo-row__title">{row.todo.title}</span>
                {row.todo.result || row.todo.notes ? (
                  <span className="pv-todo-row__result" title={row.todo.result || row.todo.notes || undefined}>
                    {row.todo.result || row.todo.notes}
                  </span>
                ) : null}
              </span>
              {row.todo.assigned_agent ? (
                <span className="pv-todo-row__agent" title={`Assigned agent: ${agentName(row.todo.assigned_agent)}`}>
                  {agentName(row.todo.assigned_agent)}
                </span>
              ) : null}
              <TodoStatusChip status={row.todo.status} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
});
