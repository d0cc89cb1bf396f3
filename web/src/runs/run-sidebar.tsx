import { useEffect, useRef } from 'react';
import { History, ListTodo, MessageCircleQuestion, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { isFinalRunStatus } from '@planvas/shared';
import { TodoTreePanel } from './todo-tree/todo-tree-panel';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { IconButton } from '../ui/icon-button';
import { HumanInputForm } from './human-input-form';
import { PausePanel } from './pause/pause-panel';
import { RunStartConfirm } from './run-start-confirm';
import { RunsList } from './runs-list';
import { useRunSidebar } from './run-sidebar-layout';
import { followedRunStatus } from './use-run-store';
import './run-dock.css';

/**
 * Beside the canvas: the question a waiting run asks, its todo tree and objective, the runs list.
 * Folded to a slim rail while there is nothing to follow (run-sidebar-layout.ts); the rail still
 * shows that a run goes on or waits for an answer. While the inspector is open the unfolded panel
 * docks below it with the question and the runs list, so a run can be picked without leaving the edit.
 */
export function RunSidebar() {
  const store = useAppStoreApi();
  const workflowOpen = useAppStore((s) => s.workflowId !== null);
  const followedRunId = useAppStore((s) => s.followedRunId);
  const { layout, placement, expand, collapse, showTodos } = useRunSidebar();

  // A run followed anew (started, imported, picked) unfolds the sidebar the user folded earlier.
  const lastFollowed = useRef(followedRunId);
  useEffect(() => {
    if (followedRunId !== null && followedRunId !== lastFollowed.current && store.getState().runSidebar === 'rail') store.getState().setRunSidebar('auto');
    lastFollowed.current = followedRunId;
  }, [store, followedRunId]);

  if (!workflowOpen) return null;
  return (
    <>
      {layout === 'rail' ? (
        <RunRail onExpand={expand} onShowTodos={showTodos} />
      ) : placement === 'docked' ? (
        <RunPanel docked onCollapse={collapse} onShowTodos={showTodos} />
      ) : (
        <RunPanel docked={false} onCollapse={collapse} />
      )}
      <RunStartConfirm />
    </>
  );
}

/**
 * The run panel: in its own column (expanded) with the todo tree, or docked under the inspector
 * (run-dock.css) with the question a waiting run asks and the runs list, each row clickable; the
 * todo tree needs the panel's own column, which "Show todos" gives it back by closing the inspector.
 */
function RunPanel({ docked, onCollapse, onShowTodos }: { docked: boolean; onCollapse(): void; onShowTodos?: () => void }) {
  return (
    <aside
      className={`pv-run-sidebar${docked ? ' pv-run-sidebar--docked' : ''}`}
      aria-label="Run"
      data-testid="run-sidebar"
      data-layout={docked ? 'docked' : 'expanded'}
    >
      <header className="pv-run-sidebar__bar">
        <span className="pv-run-sidebar__title">Run</span>
        {docked && onShowTodos ? (
          <button type="button" className="pv-link-button pv-run-sidebar__todos" onClick={onShowTodos} title="Close the inspector and show the run's todo tree">
            <ListTodo size={13} aria-hidden /> Show todos
          </button>
        ) : null}
        <IconButton
          label="Fold the run panel"
          title="Fold the run panel to a rail"
          className="pv-icon-button--small"
          testId="run-sidebar-collapse"
          onClick={onCollapse}
          aria-expanded
        >
          <PanelRightClose size={15} />
        </IconButton>
      </header>
      <HumanInputForm compact={docked} />
      <PausePanel />
      {docked ? null : <TodoTreePanel />}
      <RunsList compact={docked} />
    </aside>
  );
}

/** The folded sidebar: a column of icons that says what is there and unfolds it on a click. */
function RunRail({ onExpand, onShowTodos }: { onExpand(): void; onShowTodos(): void }) {
  const runCount = useAppStore((s) => s.runs.length);
  const status = useAppStore(followedRunStatus);
  const live = status !== null && !isFinalRunStatus(status);
  const waiting = status === 'waiting_input';
  return (
    <aside className="pv-run-sidebar pv-run-sidebar--rail" aria-label="Run" data-testid="run-sidebar" data-layout="rail">
      <button
        type="button"
        className="pv-rail-button"
        data-testid="run-sidebar-expand"
        onClick={onExpand}
        title="Show todos and runs"
        aria-label="Show the run panel"
        aria-expanded={false}
      >
        <PanelRightOpen size={16} />
      </button>
      <span className="pv-rail-divider" aria-hidden />
      <button type="button" className="pv-rail-button" onClick={onShowTodos} title={live ? 'Todos of the run going on' : 'Todos'} aria-label="Show the todos">
        <ListTodo size={16} aria-hidden />
        {live && <span className="pv-rail-dot" aria-hidden />}
      </button>
      <button
        type="button"
        className="pv-rail-button"
        onClick={onExpand}
        title={`Runs of this workflow: ${runCount}`}
        aria-label={`Show the runs: ${runCount > 99 ? '99+' : runCount}`}
      >
        <History size={16} aria-hidden />
        {runCount > 0 && <span className="pv-rail-count">{runCount > 99 ? '99+' : runCount}</span>}
      </button>
      {waiting && (
        <button
          type="button"
          className="pv-rail-button pv-rail-button--attention"
          onClick={onExpand}
          title="The run waits for your answer"
          aria-label="Answer the run's question"
        >
          <MessageCircleQuestion size={16} aria-hidden />
        </button>
      )}
    </aside>
  );
}
