import { CircleHelp, Redo2, Save, Settings, Undo2 } from 'lucide-react';
import { saveStatus, type SaveStatus } from '../store/save-status';
import { useAppStore, useAppStoreApi } from '../store/store-context';
import { IconButton } from '../ui/icon-button';
import { useSaveActions } from './use-save-actions';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saving: 'Saving…',
  conflict: 'Conflict',
  unsaved: 'Unsaved changes',
  draft: 'Unsaved draft, not restored yet',
  saved: 'Saved',
};

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** Toolbar group: undo / redo, save with the dirty state, workspace settings and the shortcut help. */
export function SaveControls() {
  const store = useAppStoreApi();
  const { save } = useSaveActions();
  const hasDocument = useAppStore((s) => s.document?.plan != null);
  const dirty = useAppStore((s) => s.dirty);
  const saving = useAppStore((s) => s.saving);
  const status = useAppStore(saveStatus);
  const state = STATUS_TEXT[status];

  return (
    <div className="pv-toolbar__group pv-save-controls">
      <HistoryButton action="undo" />
      <HistoryButton action="redo" />
      <button
        type="button"
        className={`pv-button pv-button--save${dirty ? ' is-dirty' : ''}`}
        data-testid="save"
        data-dirty={dirty ? 'true' : 'false'}
        data-status={status}
        disabled={!hasDocument || !dirty || saving}
        onClick={() => void save()}
        title={`${state}. Save plan.json and step_config.json (${mod}S)`}
        aria-label={`Save (${state.toLowerCase()})`}
      >
        <Save size={15} aria-hidden />
        <span className="pv-button__label">Save</span>
        {(dirty || status === 'draft') && <span className="pv-save-dot" aria-hidden />}
      </button>
      <IconButton
        label="Workspace settings"
        title="Workspace settings (preset and default LLM)"
        testId="open-settings"
        onClick={() => store.getState().openOverlay('settings')}
      >
        <Settings size={15} />
      </IconButton>
      <IconButton
        label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        className="pv-toolbar__help"
        testId="open-shortcuts"
        onClick={() => store.getState().openOverlay('shortcuts')}
      >
        <CircleHelp size={15} />
      </IconButton>
    </div>
  );
}

const HISTORY = {
  undo: { label: 'Undo', Icon: Undo2, keys: 'Z', stack: 'past' },
  redo: { label: 'Redo', Icon: Redo2, keys: 'Shift+Z', stack: 'future' },
} as const;

/** Undo or redo, its tooltip naming the edit it would take back or bring back. */
function HistoryButton({ action }: { action: keyof typeof HISTORY }) {
  const store = useAppStoreApi();
  const { label, Icon, keys, stack } = HISTORY[action];
  const edit = useAppStore((s) => s[stack].at(-1)?.label ?? null);
  return (
    <IconButton
      label={label}
      title={edit ? `${label} ${edit} (${mod}${keys})` : `Nothing to ${action}`}
      testId={action}
      disabled={edit === null}
      onClick={() => store.getState()[action]()}
    >
      <Icon size={15} />
    </IconButton>
  );
}
