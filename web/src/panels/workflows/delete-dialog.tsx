import { useCallback, useEffect, useState } from 'react';
import { RefreshCw, Trash2 } from 'lucide-react';
import type { WorkflowDeletionPreview } from '@planvas/shared';
import { ApiError } from '../../api/api-error';
import { useWorkflowsApi } from '../../api/workflows-api-context';
import { ErrorDetails } from '../../forms/fields';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { Dialog } from '../../ui/dialog';
import { DeletionSummary } from './deletion-summary';
import { neighbourOf } from './workflow-list-updates';
import { leaveDeleted } from './workflow-navigation';
import { dropWorkflowRow } from './workflow-rows';

type Preview = { status: 'loading' } | { status: 'error'; error: ApiError | Error } | { status: 'ready'; preview: WorkflowDeletionPreview };
/** A refused delete; `blocks`: it stays refused until the user checks again (a run started since the list was made). */
type Refusal = { message: string; details: ApiError['details']; blocks?: boolean };

/** The runs a `409 run_active` names: its details are `runs.<id>`, each with the run's status as message. */
function runsOf(error: ApiError): string[] {
  return error.details.filter((d) => d.path.startsWith('runs.')).map((d) => `${d.path.slice('runs.'.length)} (${d.message})`);
}

/** Why the delete cannot be done now, from what the preview says, or null. */
function blockOf(preview: WorkflowDeletionPreview): string | null {
  const runs = preview.activeRuns;
  if (runs.length === 1) return `A run of this workflow is going (${runs[0]}). Cancel it or wait until it ends, then delete.`;
  if (runs.length > 1) return `${runs.length} runs of this workflow are going (${runs.join(', ')}). Cancel them or wait until they end, then delete.`;
  if (preview.nestedWorkflows.length > 0) return `Its folder holds other workflows (${preview.nestedWorkflows.join(', ')}). Move or delete them first.`;
  return null;
}

/**
 * Asks before deleting a workflow, listing what goes (GET …/deletion): the documents, runs, logs,
 * learnings, the size. The delete names the plan revision the list was made from (If-Match), so a
 * plan changed meanwhile is listed again rather than deleted unseen. A run going refuses it, and
 * the dialog says which.
 */
export function DeleteDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const api = useWorkflowsApi();
  const store = useAppStoreApi();
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const unsavedHere = useAppStore((s) => s.workflowId === workflowId && (s.dirty || s.draftOffer !== null));

  const load = useCallback(
    (signal?: AbortSignal) => {
      setPreview({ status: 'loading' });
      api.deletionPreview(workflowId, signal).then(
        (p) => setPreview({ status: 'ready', preview: p }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setPreview({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    },
    [api, workflowId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const shown = preview.status === 'ready' ? preview.preview : null;
  const blocked = shown ? blockOf(shown) : null;
  const refused = blocked !== null || refusal?.blocks === true;

  const remove = async () => {
    if (!shown || refused || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await api.remove(workflowId, shown.planRevision);
      const next = neighbourOf(store.getState().workflows, workflowId);
      dropWorkflowRow(store, workflowId);
      store.getState().toast({ tone: 'success', message: `Deleted ${workflowId}` });
      onClose();
      leaveDeleted(store, workflowId, next);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) {
        setRefusal({ message: error instanceof Error ? error.message : String(error), details: [] });
        return;
      }
      if (error.code === 'run_active') {
        // The list said no run was going; one started since. The button stays off until the user checks again.
        const runs = runsOf(error);
        const message = runs.length > 0 ? `a run of this workflow is going: ${runs.join(', ')}. Cancel it or wait until it ends, then delete.` : error.message;
        setRefusal({ message: `Not deleted: ${message}`, details: [], blocks: true });
        return;
      }
      if (error.status === 412) {
        setRefusal({
          message: 'Not deleted: plan.json changed since this list was made. Here is what the folder holds now; delete again if it is still what you want.',
          details: [],
        });
      } else {
        setRefusal({ message: `Not deleted: ${error.message}`, details: error.details });
      }
      // What the folder holds (and what blocks it) may have changed: list it again.
      load();
    }
  };

  const checkAgain = () => {
    setRefusal(null);
    load();
  };

  return (
    <Dialog
      title="Delete workflow"
      subtitle={
        <>
          <code>{workflowId}/</code> and everything in it is removed from disk. This cannot be undone.
        </>
      }
      onClose={onClose}
      testId="delete-workflow"
      actions={
        <>
          <button
            type="button"
            className="pv-button pv-button--danger"
            onClick={() => void remove()}
            disabled={!shown || refused || busy}
            data-testid="delete-workflow-confirm"
          >
            <Trash2 size={14} aria-hidden /> {busy ? 'Deleting…' : 'Delete workflow'}
          </button>
        </>
      }
    >
      {preview.status === 'loading' && (
        <p className="pv-workflow-form__note" role="status">
          Reading what the folder holds…
        </p>
      )}
      {preview.status === 'error' && (
        <div className="pv-workflow-form__retry">
          <ErrorDetails
            title={`Could not read what would be deleted: ${preview.error.message}`}
            details={preview.error instanceof ApiError ? preview.error.details : []}
          />
          <button type="button" className="pv-button" onClick={() => load()}>
            <RefreshCw size={13} aria-hidden /> Try again
          </button>
        </div>
      )}
      {shown && <DeletionSummary preview={shown} />}
      {unsavedHere && <p className="pv-workflow-form__note">Its unsaved changes are discarded too.</p>}
      {blocked && !refusal && (
        <p className="pv-workflow-form__blocked" role="alert" data-testid="delete-blocked">
          {blocked}
        </p>
      )}
      {refusal && <ErrorDetails title={refusal.message} details={refusal.details} />}
      {refused && (
        <button type="button" className="pv-button pv-button--small" onClick={checkAgain} data-testid="delete-check-again">
          <RefreshCw size={12} aria-hidden /> Check again
        </button>
      )}
    </Dialog>
  );
}
