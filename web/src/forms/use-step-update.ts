import { useAppStoreApi } from '../store/store-context';

/**
 * Writes fields of one step through the store's edit (validated by the shared schemas, one undo
 * step; `coalesce` folds a run of keystrokes into one). `refused` answers why the last edit of this
 * step was refused, for fields that show it beside themselves.
 */
export function useStepUpdate(stepId: string) {
  const store = useAppStoreApi();
  const refused = () => (store.getState().editError?.stepId === stepId ? store.getState().editError?.reason : undefined);
  return {
    update: (patch: Record<string, unknown>, coalesce?: string) => store.getState().updateStepFields(stepId, patch, coalesce),
    /** Applies `patch` and answers why it was refused, if it was (for commit-on-blur fields). */
    commit: (patch: Record<string, unknown>) => (store.getState().updateStepFields(stepId, patch) ? undefined : refused()),
    refused,
  };
}
