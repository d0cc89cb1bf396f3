import { useMemo } from 'react';
import { nodeTargetOf } from '../flow/node-targets';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import type { RunSidebarMode } from '../store/state/view';

export type RunSidebarLayout = 'expanded' | 'rail';

/**
 * Where the unfolded run panel sits: its own column beside the canvas, or `docked` under the
 * inspector, in the inspector's column, while a node is edited. Side by side, inspector (372 px)
 * and panel (280 px) would leave the canvas 356 px of a 1280 px window; docked, the canvas keeps
 * 636 px and the runs list stays in view and clickable (run-dock.css gives it its own height).
 */
export type RunSidebarPlacement = 'column' | 'docked';

/**
 * How the run sidebar shows. With nothing followed there is nothing to read in it, so `auto`
 * folds it to its rail; otherwise it shows as the user left it. The inspector no longer folds it:
 * it docks below the inspector instead (`runSidebarPlacement`).
 */
export function runSidebarLayout(mode: RunSidebarMode, context: { followingRun: boolean }): RunSidebarLayout {
  if (mode === 'auto') return context.followingRun ? 'expanded' : 'rail';
  return mode;
}

/** The unfolded panel docks under the inspector while a node is edited; the rail stays a rail beside it. */
export function runSidebarPlacement(layout: RunSidebarLayout, context: { editingNode: boolean }): RunSidebarPlacement {
  return layout === 'expanded' && context.editingNode ? 'docked' : 'column';
}

export type RunSidebarControls = {
  layout: RunSidebarLayout;
  placement: RunSidebarPlacement;
  /** Unfolds the sidebar (docked under the inspector while a node is edited: the edit stays open). */
  expand(): void;
  collapse(): void;
  toggle(): void;
  /** Unfolds the sidebar in its own column with the todo tree: the inspector, which would dock it, closes. */
  showTodos(): void;
};

/** The run sidebar's layout and its toggle, for the sidebar itself and the toolbar button. */
export function useRunSidebar(): RunSidebarControls {
  const store = useAppStoreApi();
  const mode = useAppStore((s) => s.runSidebar);
  const followingRun = useAppStore((s) => s.followedRunId !== null);
  const plan = useAppStore((s) => s.document?.plan ?? null);
  const selected = useAppStore((s) => s.selectedNodeId);
  // The inspector shows exactly when the selection names a node of the plan (panels/inspector).
  const editingNode = useMemo(() => plan !== null && selected !== null && nodeTargetOf(plan, selected) !== undefined, [plan, selected]);
  const layout = runSidebarLayout(mode, { followingRun });
  const placement = runSidebarPlacement(layout, { editingNode });
  return useMemo(() => {
    const expand = () => store.getState().setRunSidebar('expanded');
    const collapse = () => store.getState().setRunSidebar('rail');
    const showTodos = () => {
      if (editingNode) store.getState().setSelection([], []);
      expand();
    };
    return { layout, placement, expand, collapse, showTodos, toggle: layout === 'expanded' ? collapse : expand };
  }, [store, layout, placement, editingNode]);
}
