import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { DeleteDialog } from './delete-dialog';
import { DuplicateDialog } from './duplicate-dialog';
import { NewWorkflowDialog } from './new-workflow-dialog';
import { RenameDialog } from './rename-dialog';
import './workflows.css';

/** The sidebar's workflow dialog, opened with `openOverlay('workflow', request)`: new, duplicate, rename or delete. */
export function WorkflowDialogs() {
  const store = useAppStoreApi();
  const request = useAppStore((s) => (s.overlay === 'workflow' ? s.workflowDialog : null));
  if (!request) return null;
  const close = () => store.getState().closeOverlay('workflow');
  // Keyed by what it acts on: asked about another workflow, a dialog starts afresh.
  switch (request.action) {
    case 'new':
      return <NewWorkflowDialog onClose={close} />;
    case 'duplicate':
      return <DuplicateDialog key={request.workflowId} workflowId={request.workflowId} onClose={close} />;
    case 'rename':
      return <RenameDialog key={request.workflowId} workflowId={request.workflowId} onClose={close} />;
    case 'delete':
      return <DeleteDialog key={request.workflowId} workflowId={request.workflowId} onClose={close} />;
  }
}
