import type { LayoutDirection, SavedLayout, SavedLayouts, ViewSettings } from '@planvas/shared';

export type XY = { x: number; y: number };
export type Viewport = { x: number; y: number; zoom: number };
export type PanelName = 'problems' | 'minimap' | 'sidebar';
/**
 * The run sidebar beside the canvas: `auto` shows it expanded while a run is followed and as a
 * slim rail otherwise; `expanded` and `rail` are the user's own choice (its toggle).
 */
export type RunSidebarMode = 'auto' | 'expanded' | 'rail';

/**
 * How the user looks at the open workflow. Direction, manual positions and viewport are planvas'
 * own view settings (saved per workflow through the API), never part of plan.json.
 */
export type ViewSlice = {
  direction: LayoutDirection;
  /** Positions the user dragged nodes to, per direction; they win over the automatic layout. */
  manualPositions: ViewSettings['positions'];
  viewport: Viewport | null;
  /** The workflow whose saved view settings are in the fields above (null until they loaded). */
  viewOf: string | null;
  /**
   * The automatic layouts saved for the open workflow (loaded with its view settings): the canvas
   * uses one instead of running ELK when its key matches the plan's current layout input.
   */
  savedLayouts: SavedLayouts;
  /** Bumped by "tidy up" so the canvas lays out again even when nothing else changed. */
  layoutEpoch: number;
  /** Bumped by "fit view" (toolbar, controls): the canvas, which holds the whole plan, frames it. */
  fitSeq: number;
  /** Set when the automatic layout fell back to a grid. */
  layoutNotice: string | null;
  panels: Record<PanelName, boolean>;
  runSidebar: RunSidebarMode;

  applyViewSettings(workflowId: string, settings: ViewSettings, savedLayouts?: SavedLayouts): void;
  /** Keeps a layout the canvas just computed, so switching direction back and forth reuses it. */
  rememberLayout(direction: LayoutDirection, layout: SavedLayout): void;
  setDirection(direction: LayoutDirection): void;
  toggleDirection(): void;
  /** Records where the user dropped nodes, in the current direction. */
  moveNodes(positions: Record<string, XY>): void;
  /** Discards manual positions of the current direction and lays out again. */
  tidyUp(): void;
  setViewport(viewport: Viewport): void;
  setLayoutNotice(notice: string | null): void;
  togglePanel(panel: PanelName, open?: boolean): void;
  setRunSidebar(mode: RunSidebarMode): void;
  requestFit(): void;
};
