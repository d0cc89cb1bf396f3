import { useEffect, useId, useState } from 'react';
import { Pencil } from 'lucide-react';
import '../run-ui.css';

export type ObjectiveEditorProps = {
  objective: string | undefined;
  /** Absent: read-only (a past run, a snapshot). Resolves when stored; rejects to keep the draft open. */
  onSave?: (objective: string) => Promise<void>;
};

/** The step's objective (docs/formats.md "Objective"), editable by the user while the run goes on. */
export function ObjectiveEditor({ objective, onSave }: ObjectiveEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // A new objective arriving from the run closes nothing the user is typing in.
  useEffect(() => setError(null), [objective]);

  if (draft === null) {
    return (
      <div className="pv-objective" data-testid="objective">
        <span className="pv-objective__label">Objective</span>
        {onSave ? (
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
