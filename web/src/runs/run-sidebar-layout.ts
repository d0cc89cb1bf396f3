import { useMemo } from 'react';
import { nodeTargetOf } from '../flow/node-targets';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import type { RunSidebarMode } from '../store/state/view';

export type RunSidebarLayout = 'expanded' | 'rail';

/**
 * How the run sidebar shows. With nothing followed there is nothing to read in it, so `auto`
 * folds it to its rail. While the inspector is open it folds whatever the mode: inspector (372 px)
 * and expanded sidebar side by side would leave the canvas about 500 px of a 1440 px window,
 * inspector and rail about 750.
 */
export function runSidebarLayout(mode: RunSidebarMode, context: { followingRun: boolean; editingNode: boolean }): RunSidebarLayout {
  if (context.editingNode) return 'rail';
  if (mode === 'auto') return context.followingRun ? 'expanded' : 'rail';
  return mode;
}

export type RunSidebarControls = {
  layout: RunSidebarLayout;
  /** Opens the sidebar; the inspector, which would squeeze the canvas, closes (the selection goes). */
  expand(): void;
  collapse(): void;
  toggle(): void;
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
  const layout = runSidebarLayout(mode, { followingRun, editingNode });
  return useMemo(() => {
    const expand = () => {
      const state = store.getState();
      if (editingNode) state.setSelection([], []);
      state.setRunSidebar('expanded');
    };
    const collapse = () => store.getState().setRunSidebar('rail');
    return { layout, expand, collapse, toggle: layout === 'expanded' ? collapse : expand };
  }, [store, layout, editingNode]);
}
