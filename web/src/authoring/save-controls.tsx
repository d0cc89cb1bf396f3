import { CircleHelp, Redo2, Save, Settings, Undo2 } from 'lucide-react';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { useSaveActions } from './use-save-actions';

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** Toolbar group: undo / redo, save with the dirty state, workspace settings and the shortcut help. */
export function SaveControls() {
  const store = useAppStoreApi();
  const { save } = useSaveActions();
  const hasDocument = useAppStore((s) => s.document?.plan != null);
  const dirty = useAppStore((s) => s.dirty);
  const saving = useAppStore((s) => s.saving);
  const conflict = useAppStore((s) => s.conflict !== null);
  const undoLabel = useAppStore((s) => s.past.at(-1)?.label ?? null);
  const redoLabel = useAppStore((s) => s.future.at(-1)?.label ?? null);
  const state = saving ? 'Saving…' : conflict ? 'Conflict' : dirty ? 'Unsaved changes' : 'Saved';

  return (
    <div className="pv-toolbar__group pv-save-controls">
      <button
        type="button"
        className="pv-icon-button"
        data-testid="undo"
        disabled={undoLabel === null}
        onClick={() => store.getState().undo()}
        title={undoLabel ? `Undo ${undoLabel} (${mod}Z)` : 'Nothing to undo'}
        aria-label="Undo"
      >
        <Undo2 size={15} />
      </button>
      <button
        type="button"
        className="pv-icon-button"
        data-testid="redo"
        disabled={redoLabel === null}
        onClick={() => store.getState().redo()}
        title={redoLabel ? `Redo ${redoLabel} (${mod}Shift+Z)` : 'Nothing to redo'}
        aria-label="Redo"
      >
        <Redo2 size={15} />
      </button>
      <button
        type="button"
        className={`pv-button pv-button--save${dirty ? ' is-dirty' : ''}`}
        data-testid="save"
        data-dirty={dirty ? 'true' : 'false'}
        disabled={!hasDocument || !dirty || saving}
        onClick={() => void save()}
        title={`${state}. Save plan.json and step_config.json (${mod}S)`}
        aria-label={`Save (${state.toLowerCase()})`}
      >
        <Save size={15} aria-hidden />
        <span className="pv-button__label">Save</span>
        {dirty && <span className="pv-save-dot" aria-hidden />}
      </button>
      <button
        type="button"
        className="pv-icon-button"
        data-testid="open-settings"
        onClick={() => store.getState().openOverlay('settings')}
        title="Workspace settings (preset and default LLM)"
        aria-label="Workspace settings"
      >
        <Settings size={15} />
      </button>
      <button
        type="button"
        className="pv-icon-button pv-toolbar__help"
        data-testid="open-shortcuts"
        onClick={() => store.getState().openOverlay('shortcuts')}
        title="Keyboard shortcuts (?)"
        aria-label="Keyboard shortcuts"
      >
        <CircleHelp size={15} />
      </button>
    </div>
  );
}
