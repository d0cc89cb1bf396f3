import { DEFAULT_VIEW_SETTINGS, type ViewSettings } from '@planvas/shared';
import type { SliceCreator } from '../app-state';
import type { ViewSlice } from '../state/view';

export const createViewSlice: SliceCreator<ViewSlice> = (set, get) => ({
  direction: DEFAULT_VIEW_SETTINGS.direction,
  manualPositions: { LR: {}, TB: {} },
  viewport: null,
  viewOf: null,
  savedLayouts: {},
  layoutEpoch: 0,
  fitSeq: 0,
  layoutNotice: null,
  panels: { problems: false, minimap: true, sidebar: true },
  runSidebar: 'auto',

  applyViewSettings: (workflowId, settings, savedLayouts = {}) =>
    set({
      viewOf: workflowId,
      direction: settings.direction,
      manualPositions: { LR: { ...settings.positions.LR }, TB: { ...settings.positions.TB } },
      viewport: settings.viewport ?? null,
      savedLayouts,
    }),
  rememberLayout: (direction, layout) => set({ savedLayouts: { ...get().savedLayouts, [direction]: layout } }),
  setDirection: (direction) => {
    if (direction === get().direction) return;
    // Layout changes are undoable like edits (history slice).
    get().recordHistory('Switch direction');
    set({ direction, layoutNotice: null });
  },
  toggleDirection: () => get().setDirection(get().direction === 'LR' ? 'TB' : 'LR'),
  moveNodes: (positions) => {
    const { direction, manualPositions } = get();
    get().recordHistory('Move');
    set({ manualPositions: { ...manualPositions, [direction]: { ...manualPositions[direction], ...positions } } });
  },
  tidyUp: () => {
    const { direction, manualPositions, layoutEpoch } = get();
    get().recordHistory('Tidy up');
    set({ manualPositions: { ...manualPositions, [direction]: {} }, layoutEpoch: layoutEpoch + 1, layoutNotice: null });
  },
  setViewport: (viewport) => set({ viewport }),
  setLayoutNotice: (layoutNotice) => set({ layoutNotice }),
  togglePanel: (panel, open) => set({ panels: { ...get().panels, [panel]: open ?? !get().panels[panel] } }),
  setRunSidebar: (runSidebar) => {
    if (runSidebar !== get().runSidebar) set({ runSidebar });
  },
  requestFit: () => set({ fitSeq: get().fitSeq + 1 }),
});

/** The part of the state saved through PUT /api/workflows/:id/view. */
export function viewSettingsOf(state: Pick<ViewSlice, 'direction' | 'manualPositions' | 'viewport'>): ViewSettings {
  return {
    direction: state.direction,
    positions: state.manualPositions,
    ...(state.viewport ? { viewport: state.viewport } : {}),
  };
}
