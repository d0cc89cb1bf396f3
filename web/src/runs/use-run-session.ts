import { useEffect } from 'react';
import { isFinalRunStatus } from '@planvas/shared';
import { useAppStore, useAppStoreApi } from '../store/store-context';

/**
 * Keeps the runs in step with the open workflow: loads its runs list and saved breakpoints, stops following a run of
 * another workflow, and picks up a run that is still going on (after a reload, or one started
 * from another tab) so its progress shows without a click.
 */
export function useRunSession(): void {
  const store = useAppStoreApi();
  const workflowId = useAppStore((s) => s.workflowId);
  useEffect(() => {
    const state = store.getState();
    if (state.followedRun && state.followedRun.workflowId !== workflowId) state.closeRun();
    if (!workflowId) return;
    void state.loadBreakpoints(workflowId);
    let cancelled = false;
    void state.loadRuns(workflowId).then(() => {
      const now = store.getState();
      if (cancelled || now.workflowId !== workflowId || now.followedRunId !== null) return;
      const newest = now.runs[0];
      if (newest && !isFinalRunStatus(newest.status)) void now.openRun(newest.id);
    });
    return () => {
      cancelled = true;
    };
  }, [store, workflowId]);
}
