import { useApi } from '../../api/api-context';
import { useWorkflowsApi } from '../../api/workflows-api-context';
import { viewSettingsOf } from '../../store/slices/view-slice';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { PathChangeDialog } from './path-change-dialog';
import { followRename, movedId } from './workflow-navigation';
import { dropWorkflowRow, putWorkflowRow } from './workflow-rows';

/**
 * Moves a workflow's folder to a new path. planvas' state for it (view, saved layouts, run
 * history) follows on the server; an open workflow is followed to its new address, its view kept.
 */
export function RenameDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const api = useWorkflowsApi();
  const { saveView } = useApi();
  const store = useAppStoreApi();
  // The open workflow moves when it is this one or lies in its folder.
  const moves = (id: string | null) => id !== null && movedId(id, workflowId, workflowId) !== null;
  const isOpen = useAppStore((s) => moves(s.workflowId));
  // Edits on screen belong to the old path (the draft kept for them too): they are saved first,
  // not carried over half-way.
  const unsaved = useAppStore((s) => moves(s.workflowId) && (s.dirty || s.saving || s.conflict !== null));
  const lastSlash = workflowId.lastIndexOf('/');
  return (
    <PathChangeDialog
      title="Rename or move workflow"
      subtitle={
        <>
          Moves the folder <code>{workflowId}/</code> on disk.
        </>
      }
      initial={workflowId}
      selection={[lastSlash + 1, workflowId.length]}
      submitLabel="Rename"
      busyLabel="Renaming…"
      blocked={unsaved ? 'This workflow has unsaved changes. Save them (or undo them) first, then rename it.' : null}
      sourceId={workflowId}
      testId="rename-workflow"
      onClose={onClose}
      onSubmit={async (newId) => {
        const state = store.getState();
        // The view moves with the workflow on the server: what the user sees now is saved first,
        // so the last pan or zoom (still waiting for its debounced save) is not left behind.
        const shown = state.viewOf;
        if (shown !== null && moves(shown) && shown === state.workflowId) await saveView(shown, viewSettingsOf(state)).catch(() => undefined);
        const renamed = await api.rename(workflowId, newId);
        dropWorkflowRow(store, workflowId);
        putWorkflowRow(store, api, renamed.id);
        store.getState().toast({ tone: 'success', message: `Renamed ${workflowId} to ${renamed.id}` });
        onClose();
        followRename(store, workflowId, renamed.id);
      }}
    >
      <p className="pv-workflow-form__note">
        Its runs, logs and learnings move with the folder; planvas keeps its view, saved layouts and run history under the new path.
        {isOpen && ' The canvas follows it there.'}
      </p>
    </PathChangeDialog>
  );
}
