import { useShallow } from 'zustand/shallow';
import { Dialog } from '../ui/dialog';
import { formatRunTime, runRef } from '../store/run-events/run-labels';
import { useRunStore } from './use-run-store';

/**
 * Asked when Run is pressed while another run of the workflow is active (the store's
 * `pendingStart`). A question, not a disabled button: a run waiting for an answer can wait for
 * hours, and a second run (another provider, another pace) is a legitimate thing to want, so the
 * guard only stops the accidental double start. The safe answer has the focus.
 */
export function RunStartConfirm() {
  const pending = useRunStore((s) => s.pendingStart);
  const ref = useRunStore((s) => (s.pendingStart ? runRef(s.pendingStart.activeRun.id, s.runs) : null));
  const { confirmPendingStart, cancelPendingStart, openRun } = useRunStore(
    useShallow((s) => ({ confirmPendingStart: s.confirmPendingStart, cancelPendingStart: s.cancelPendingStart, openRun: s.openRun })),
  );
  if (!pending || ref === null) return null;
  const active = pending.activeRun;
  const waiting = active.status === 'waiting_input';
  const question = `A run of this workflow is active (${ref}, started ${formatRunTime(active.startedAt)}). Start another?`;
  return (
    <Dialog
      title="Start another run?"
      onClose={cancelPendingStart}
      testId="run-start-confirm"
      footer={
        <>
          <button type="button" className="pv-button" data-autofocus onClick={cancelPendingStart}>
            Cancel
          </button>
          <button
            type="button"
            className="pv-button"
            onClick={() => {
              cancelPendingStart();
              void openRun(active.id);
            }}
          >
            Show {ref}
          </button>
          <button type="button" className="pv-primary-button" data-testid="confirm-start-run" onClick={() => void confirmPendingStart()}>
            Start another run
          </button>
        </>
      }
    >
      <p>{question}</p>
      <p className="pv-muted">
        {waiting ? `${ref} waits for an answer; it keeps waiting while the new run goes on.` : `${ref} goes on beside the new run.`} The canvas follows the new
        run.
      </p>
    </Dialog>
  );
}
