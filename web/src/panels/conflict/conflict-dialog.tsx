import { useState } from 'react';
import { sameJson } from '../../authoring/json-merge';
import { Dialog } from '../../authoring/dialog';
import { useSaveActions } from '../../authoring/use-save-actions';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { DocumentDiff } from './document-diff';
import './conflict.css';

const WHY = {
  save: 'Saving was refused: the workflow changed on disk since this page loaded it (another tab, another person or a text editor).',
  disk: 'The workflow changed on disk while this page has unsaved changes.',
  draft: 'Your unsaved changes from an earlier visit were made on an older version of the workflow.',
} as const;

/**
 * Your version vs the one on disk now, and the three ways out: keep mine (re-applied onto the disk
 * version, then saved), take theirs (undo brings yours back), or save mine as a new workflow.
 */
export function ConflictDialog() {
  const store = useAppStoreApi();
  const conflict = useAppStore((s) => s.conflict);
  const saving = useAppStore((s) => s.saving);
  const actions = useSaveActions();
  const [busy, setBusy] = useState(false);
  if (!conflict) return null;
  const { mine, theirs } = conflict;
  const planDiffers = !sameJson(mine.plan, theirs.plan);
  const configDiffers = !sameJson(mine.stepConfig, theirs.stepConfig);
  const run = (action: () => unknown) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const disabled = busy || saving;
  return (
    <Dialog
      title="Conflict"
      subtitle={WHY[conflict.source]}
      size="wide"
      testId="conflict-dialog"
      onClose={() => store.getState().closeConflict()}
      footer={
        <>
          <span className="pv-dialog__footer-note">Closing keeps your changes unsaved; saving again will ask again.</span>
          <button type="button" className="pv-button" disabled={disabled} onClick={run(actions.saveMineAsCopy)}>
            Save mine as a copy
          </button>
          <button type="button" className="pv-button" disabled={disabled} onClick={run(actions.takeTheirs)}>
            Take theirs
          </button>
          <button type="button" className="pv-button pv-button--primary" disabled={disabled} data-autofocus onClick={run(actions.keepMine)}>
            Keep mine
          </button>
        </>
      }
    >
      <ul className="pv-conflict__choices">
        <li>
          <strong>Keep mine</strong>: your changes are applied on top of the version on disk and saved; where both changed the same value, yours wins.
        </li>
        <li>
          <strong>Take theirs</strong>: show the version on disk (Undo brings yours back).
        </li>
        <li>
          <strong>Save mine as a copy</strong>: your version becomes a new workflow next to this one; this one stays as it is on disk.
        </li>
      </ul>
      <div className="pv-conflict__legend">
        <span className="pv-diff__del">− on disk now</span>
        <span className="pv-diff__add">+ your version</span>
      </div>
      {planDiffers && <DocumentDiff name="plan.json" theirs={theirs.plan} mine={mine.plan} />}
      {configDiffers && <DocumentDiff name="step_config.json" theirs={theirs.stepConfig} mine={mine.stepConfig} />}
      {!planDiffers && !configDiffers && <p className="pv-muted">Both versions have the same content.</p>}
    </Dialog>
  );
}
