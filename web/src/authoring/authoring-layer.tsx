import { ConflictDialog } from './conflict/conflict-dialog';
import { SettingsDialog } from '../panels/settings/settings-dialog';
import { ShortcutsOverlay } from '../panels/shortcuts/shortcuts-overlay';
import { ContextMenu } from './context-menu';
import { RelinkDialog } from './relink-dialog';
import { Toasts } from '../ui/toasts';
import { MigrationDialog } from '../panels/migration/workflow-fixes';
import './authoring.css';
import './overlays.css';

/** Dialogs, menus and toasts of the editor, above everything else. */
export function AuthoringLayer() {
  return (
    <>
      <ContextMenu />
      <RelinkDialog />
      <ConflictDialog />
      <SettingsDialog />
      <MigrationDialog />
      <ShortcutsOverlay />
      <Toasts />
    </>
  );
}
