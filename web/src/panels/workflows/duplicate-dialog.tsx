import { useWorkflowsApi } from '../../api/workflows-api-context';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { PathChangeDialog } from './path-change-dialog';
import { openNewWorkflow } from './workflow-navigation';
import { putWorkflowRow } from './workflow-rows';

/** Copies a workflow's files to a new folder (`<id> copy` to start with) and opens the copy. */
export function DuplicateDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const api = useWorkflowsApi();
  const store = useAppStoreApi();
  // The copy is made from the files: edits not saved yet stay in the original's editor only.
  const unsavedHere = useAppStore((s) => s.workflowId === workflowId && s.dirty);
  const initial = `${workflowId} copy`;
  return (
    <PathChangeDialog
      title="Duplicate workflow"
      subtitle={
        <>
          Copies <code>{workflowId}</code>: plan.json and step_config.json byte for byte, and its learnings. Runs and logs stay with the original.
        </>
      }
      initial={initial}
      selection={[initial.lastIndexOf('/') + 1, initial.length]}
      submitLabel="Duplicate"
      busyLabel="Duplicating…"
      sourceId={workflowId}
      testId="duplicate-workflow"
      onClose={onClose}
      onSubmit={async (newId) => {
        const copy = await api.duplicate(workflowId, newId);
        putWorkflowRow(store, api, copy.id);
        store.getState().toast({ tone: 'success', message: `Duplicated ${workflowId} as ${copy.id}` });
        onClose();
        openNewWorkflow(copy.id);
      }}
    >
      {unsavedHere && <p className="pv-workflow-form__note">This workflow has unsaved changes: the copy is made from the files on disk, without them.</p>}
    </PathChangeDialog>
  );
}
