import type { ErrorDetail } from '@planvas/shared';
import type { XY } from './view';

/** `attention`: something waits for the user (a run's question). */
export type ToastTone = 'info' | 'success' | 'attention' | 'error';
/** A button on a toast that takes the user to what it is about (the question to answer, the logs of a failure). */
export type ToastAction = { label: string; run(): void };
export type Toast = {
  id: number;
  tone: ToastTone;
  message: string;
  details?: ErrorDetail[];
  action?: ToastAction;
  /** Stays until dismissed, by the user or by whoever raised it (a question's toast goes once it is answered). */
  sticky?: boolean;
};

export type ContextMenuTarget = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | { kind: 'pane'; at: XY };
export type ContextMenu = { x: number; y: number; target: ContextMenuTarget };

/** The modal dialogs opened by name, one at a time (they block the editor's keys). */
export type DialogKind = 'shortcuts' | 'settings' | 'migrate' | 'workflow';

/** What the sidebar's workflow dialog is asked to do: make a new workflow, or act on one of the workspace's. */
export type WorkflowDialogRequest = { action: 'new' } | { action: 'duplicate' | 'rename' | 'delete'; workflowId: string };

/** Every popup the UI opens, with what it needs to show (`undefined`: nothing). */
export type OverlayPayloads = { [K in Exclude<DialogKind, 'workflow'>]: undefined } & {
  workflow: WorkflowDialogRequest;
  contextMenu: ContextMenu;
  /** One todo_task step's logs, or the whole run's (stepId null, from the toolbar). */
  executionLogs: { stepId: string | null };
};
export type OverlayKind = keyof OverlayPayloads;
/** The arguments after the kind: the payload, when the kind has one. */
export type OverlayArgs<K extends OverlayKind> = OverlayPayloads[K] extends undefined ? [] : [payload: OverlayPayloads[K]];

/**
 * What the UI shows above the editor: toasts and popups. Every popup opens with
 * `openOverlay(kind, payload)` and closes with `closeOverlay(kind)`. Popups on different layers
 * can be open together (the logs popup under the shortcuts dialog), so each layer has its field:
 * `overlay` the modal dialog, `contextMenu` the right-click menu, `executionLogs` the logs popup.
 * Dialogs that ask about something pending (the conflict, a deletion to re-link) are not popups
 * of their own: they show while the sync and editing slices hold that `conflict` / `pendingDelete`.
 */
export type UiSlice = {
  toasts: Toast[];
  overlay: DialogKind | null;
  /** What the workflow dialog acts on, while `overlay` is `workflow`. */
  workflowDialog: WorkflowDialogRequest | null;
  contextMenu: ContextMenu | null;
  executionLogs: OverlayPayloads['executionLogs'] | null;

  toast(toast: Omit<Toast, 'id'>): number;
  dismissToast(id: number): void;
  openOverlay<K extends OverlayKind>(kind: K, ...payload: OverlayArgs<K>): void;
  /** Closes the popup of that kind if it is the one open on its layer. */
  closeOverlay(kind: OverlayKind): void;
  /** Opens the logs popup on a step's logs; without a step, on the whole run (`openOverlay('executionLogs', …)`). */
  openExecutionLogs(stepId?: string | null): void;
  closeExecutionLogs(): void;
};
