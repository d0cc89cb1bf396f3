// What the canvas-layout bench measures: one open, one dagre layout, and a size's row of them per way of opening.
export type LayoutGraph = {
  nodes: Array<{ id: string; width: number; height: number }>;
  edges: Array<{ id: string; source: string; target: string }>;
  direction: 'LR' | 'TB';
};

type Phase = { ms: number; longestTaskMs: number };
export type OpenSample = {
  /** Start (navigation, or the sidebar click) -> laid out, framed and drawn (see canvas-layout.bench.ts). */
  openMs: number;
  /** Where the positions came from: `elk` (the worker), `saved` (the saved layout), `grid` (fallback). */
  source: string;
  /** Start -> the plan's document fully received. */
  document: Phase;
  /** Document received -> layout request posted to the worker (mapping, layout input, clone). */
  prepare: Phase;
  /** Request posted -> worker's answer received: ELK computing; the main thread should be free (0 with a saved layout). */
  layout: Phase;
  /** The layout's time in the worker, as the worker reports it: ELK, and the rest of ELK's loading if still under way (the rest of `layout` is queueing and messaging). */
  computeMs: number;
  /** Answer -> every node visible: React Flow renders, measures, fits the view. */
  render: Phase;
  /** Longest task and count / total of tasks over 50 ms from the document's arrival to the end. */
  longestTaskMs: number;
  longTasks: number;
  longTaskTotalMs: number;
  /** The longest task while the worker laid out, and what ran in its frame (Long Animation Frames API): scripts, or none (style, layout, GC). */
  duringLayoutFrame: string;
  /** React Flow node elements in the DOM at the end (the nodes in view). */
  domNodes: number;
  fallback: boolean;
  /** The canvas' notice when it fell back to the grid: why. */
  fallbackNotice: string;
  graph: LayoutGraph;
  /**
   * Deep-link opens: CPU time used from navigation until the open was seen done (at most 50 ms
   * late), by all of Chromium's processes and threads and by the server, and that wall time. Their
   * ratio is how many of the machine's cores the open kept busy. Undefined where /proc cannot tell.
   */
  cpu?: { chromiumMs: number; serverMs: number; wallMs: number };
};
/** `error` when dagre could not lay the graph out at all (it recurses once per node of a long chain). */
export type DagreSample = { wallMs: number; longestTaskMs: number; error?: string };

/** The four ways of opening a plan (see canvas-layout.bench.ts), each a column of samples. */
export type Scenario = 'first' | 'reopen' | 'sidebar' | 'sidebarReopen';
export type Row = { size: number; nodes: number; edges: number; dagre: DagreSample[]; dagreApp: OpenSample[] } & Record<Scenario, OpenSample[]>;
export const SCENARIOS: ReadonlyArray<readonly [Scenario, string]> = [
  ['first', 'first open (deep link, ELK cold)'],
  ['reopen', 'reopen (deep link, saved layout)'],
  ['sidebar', 'first open from the sidebar (ELK warm)'],
  ['sidebarReopen', 'reopen from the sidebar (saved layout)'],
];
