import { successorsAfterDeleting } from '@planvas/shared';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { Dialog } from '../ui/dialog';

/**
 * Asked before deleting steps other steps point at: do those references continue with where the
 * deleted step went (its successor), or stop the workflow (end)?
 */
export function RelinkDialog() {
  const store = useAppStoreApi();
  const pending = useAppStore((s) => s.pendingDelete);
  const plan = useAppStore((s) => s.document?.plan ?? null);
  if (!pending || !plan) return null;
  // The same walk the delete itself does, so the dialog names where each reference will point.
  const successor = successorsAfterDeleting(plan, new Set(pending.stepIds));
  const targets = [...new Set(pending.references.map((r) => r.target))];
  const close = () => store.getState().cancelDelete();
  return (
    <Dialog
      title="Delete steps"
      subtitle={`${pending.references.length} reference${pending.references.length === 1 ? '' : 's'} to ${targets.map((t) => `“${t}”`).join(', ')} would point at nothing.`}
      onClose={close}
      testId="relink-dialog"
      actions={
        <>
          <button type="button" className="pv-button" onClick={() => store.getState().confirmDelete('end')}>
            Delete, re-link to end
          </button>
          <button type="button" className="pv-button pv-button--primary" data-autofocus onClick={() => store.getState().confirmDelete('successor')}>
            Delete, re-link to successor
          </button>
        </>
      }
    >
      <p>How should these continue?</p>
      <ul className="pv-reference-list">
        {pending.references.map((r, i) => (
          <li key={`${r.path}-${i}`}>
            <code>{r.sourceId}</code> → <code>{r.target}</code>
            <span className="pv-muted"> {r.path}</span>
            <span className="pv-reference-list__to">successor: {successor(r.target)}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
