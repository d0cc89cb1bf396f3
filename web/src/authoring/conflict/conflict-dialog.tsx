import { useState } from 'react';
import { sameJson } from '../../store/document/json-merge';
import { Dialog } from '../../ui/dialog';
import { useSaveActions } from '../use-save-actions';
import { useAppStore, useAppStoreApi } from '../../store/store-context';
import { DocumentDiff } from './document-diff';
import './conflict.css';

type View = 'versus' | 'mine' | 'theirs';
const VIEWS: Array<[View, string]> = [
  ['versus', 'Yours vs disk'],
  ['mine', 'Your changes'],
  ['theirs', 'Changes on disk'],
];

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
  const saved = useAppStore((s) => s.saved);
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<View>('versus');
  if (!conflict) return null;
  const { mine, theirs } = conflict;
  // "Your changes" and "changes on disk" are each measured from the version this page loaded.
  const base = conflict.source !== 'draft' && saved ? saved : null;
  const [left, right, legend] =
    view === 'mine' && base
      ? [base, mine, ['− as loaded', '+ your version']]
      : view === 'theirs' && base
        ? [base, { plan: theirs.plan, stepConfig: theirs.stepConfig }, ['− as loaded', '+ on disk now']]
        : [{ plan: theirs.plan, stepConfig: theirs.stepConfig }, mine, ['− on disk now', '+ your version']];
  const planDiffers = !sameJson(left.plan, right.plan);
  const configDiffers = !sameJson(left.stepConfig, right.stepConfig);
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
      <div className="pv-conflict__toolbar">
        {base && (
          <div className="pv-segmented" role="radiogroup" aria-label="Compare">
            {VIEWS.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={view === value}
                className={view === value ? 'is-on' : ''}
                onClick={() => setView(value)}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        <div className="pv-conflict__legend">
          <span className="pv-diff__del">{legend[0]}</span>
          <span className="pv-diff__add">{legend[1]}</span>
        </div>
      </div>
      {planDiffers && <DocumentDiff name="plan.json" before={left.plan} after={right.plan} />}
      {configDiffers && <DocumentDiff name="step_config.json" before={left.stepConfig} after={right.stepConfig} />}
      {!planDiffers && !configDiffers && <p className="pv-muted">No differences.</p>}
    </Dialog>
  );
}
