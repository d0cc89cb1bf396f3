import { useEffect, useId, useState } from 'react';
import { Lock, Pencil } from 'lucide-react';
import '../run-ui.css';

export type ObjectiveEditorProps = {
  objective: string | undefined;
  /** Absent: read-only (a past run, a snapshot). Resolves when stored; rejects to keep the draft open. */
  onSave?: (objective: string) => Promise<void>;
  /** Read-only for a reason the user should know (the step has finished): shown by a lock, said in full on hover and to screen readers. */
  lockedReason?: string;
};

/** The step's objective (docs/formats.md "Objective"), editable by the user while the step has turns ahead. */
export function ObjectiveEditor({ objective, onSave, lockedReason }: ObjectiveEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // A new objective arriving from the run closes nothing the user is typing in.
  useEffect(() => setError(null), [objective]);
  const editable = onSave !== undefined;
  useEffect(() => {
    if (!editable) setDraft(null);
  }, [editable]);

  // A draft left open when the step finished cannot be saved any more: it closes.
  if (draft === null || !onSave) {
    return (
      <div className="pv-objective" data-testid="objective" data-locked={lockedReason ? 'true' : undefined}>
        <span className="pv-objective__label">Objective</span>
        {lockedReason ? (
          <span className="pv-objective__lock" data-testid="objective-locked" title={lockedReason}>
            <Lock size={12} aria-hidden />
            <span aria-hidden>locked</span>
            <span className="pv-visually-hidden">{lockedReason}</span>
          </span>
        ) : onSave ? (
          <button type="button" className="pv-icon-button pv-icon-button--small" aria-label="Edit objective" onClick={() => setDraft(objective ?? '')}>
            <Pencil size={13} aria-hidden />
          </button>
        ) : null}
        <p className="pv-objective__text">{objective?.trim() ? objective : <em>No objective set</em>}</p>
      </div>
    );
  }
  const save = async () => {
    if (!onSave) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="pv-objective pv-objective--editing"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="pv-objective__label" htmlFor={id}>
        Objective
      </label>
      <textarea id={id} value={draft} rows={3} maxLength={10_000} onChange={(e) => setDraft(e.target.value)} autoFocus />
      {error ? (
        <p role="alert" className="pv-error-text">
          {error}
        </p>
      ) : null}
      <div className="pv-objective__actions">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save objective'}
        </button>
        <button type="button" onClick={() => setDraft(null)} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
