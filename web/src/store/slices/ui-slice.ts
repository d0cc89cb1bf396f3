import type { SliceCreator } from '../app-state';
import type { DialogKind, OverlayKind, OverlayPayloads, UiSlice } from '../state/ui';

let nextToastId = 1;

/** A popup being opened: its kind paired with its payload (so the switch below narrows both). */
type Opening = { [K in OverlayKind]: { kind: K; payload: OverlayPayloads[K] } }[OverlayKind];

const isDialog = (kind: OverlayKind): kind is DialogKind => kind === 'shortcuts' || kind === 'settings' || kind === 'migrate' || kind === 'workflow';

/** The state with `opening` shown on its layer. */
function opened(opening: Opening): Partial<UiSlice> {
  switch (opening.kind) {
    case 'contextMenu':
      return { contextMenu: opening.payload };
    case 'executionLogs':
      return { executionLogs: opening.payload };
    case 'workflow':
      return { overlay: 'workflow', workflowDialog: opening.payload, contextMenu: null };
    default:
      // A dialog covers the canvas: a menu open on it goes.
      return { overlay: opening.kind, workflowDialog: null, contextMenu: null };
  }
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => ({
  toasts: [],
  overlay: null,
  workflowDialog: null,
  contextMenu: null,
  executionLogs: null,

  toast: (toast) => {
    const id = nextToastId++;
    // The newest few are enough; a burst of refusals must not bury the canvas.
    set({ toasts: [...get().toasts.slice(-3), { ...toast, id }] });
    return id;
  },
  dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),

  // The rest parameter carries the payload only for kinds that have one (OverlayArgs); pairing it
  // with its kind again is the one cast the typed signature needs.
  openOverlay: (kind, ...payload) => set(opened({ kind, payload: payload[0] } as Opening)),
  closeOverlay: (kind) => {
    const state = get();
    if (isDialog(kind)) {
      if (state.overlay === kind) set({ overlay: null, workflowDialog: null, contextMenu: null });
    } else if (kind === 'contextMenu') {
      if (state.contextMenu) set({ contextMenu: null });
    } else if (state.executionLogs) set({ executionLogs: null });
  },
  openExecutionLogs: (stepId = null) => get().openOverlay('executionLogs', { stepId }),
  closeExecutionLogs: () => get().closeOverlay('executionLogs'),
});
