import { ArrowDown, ArrowRight, Map as MapIcon, PanelRight, TriangleExclamationPoint, WandSparkles } from 'lucide-react';
import { SaveControls } from '../authoring/save-controls';
import { RunControls } from '../runs/run-controls';
import { useRunSidebar } from '../runs/run-sidebar-layout';
import { useAppStore } from '../store/store-context';
import { IconButton } from '../ui/icon-button';

/** Canvas actions: direction, tidy up, and the problems / minimap toggles (fit and zoom are on the canvas, canvas/canvas-controls.tsx). */
export function Toolbar() {
  const direction = useAppStore((s) => s.direction);
  const toggleDirection = useAppStore((s) => s.toggleDirection);
  const tidyUp = useAppStore((s) => s.tidyUp);
  const togglePanel = useAppStore((s) => s.togglePanel);
  const problemsOpen = useAppStore((s) => s.panels.problems);
  const miniMapOpen = useAppStore((s) => s.panels.minimap);
  const problemCount = useAppStore((s) => s.document?.problems.length ?? 0);
  const title = useAppStore((s) => s.workflows.find((w) => w.id === s.workflowId)?.title ?? s.workflowId);
  const workflowId = useAppStore((s) => s.workflowId);
  const hasDocument = useAppStore((s) => s.document !== null);
  const horizontal = direction === 'LR';
  const openOverlay = useAppStore((s) => s.openOverlay);
  const runSidebar = useRunSidebar();
  const runsOpen = runSidebar.layout === 'expanded';

  return (
    <div className="pv-toolbar" role="toolbar" aria-label="Canvas">
      {/* The page's one h1: the open workflow's title (dialogs and panels start at h2). */}
      <h1 className="pv-toolbar__title" title={title === null ? undefined : title === workflowId ? title : `${title} (${workflowId})`}>
        {title ?? 'No workflow open'}
      </h1>
      <SaveControls />
      {hasDocument && (
        <div className="pv-toolbar__group">
          <RunControls onOpenLogs={() => openOverlay('executionLogs', { stepId: null })} />
        </div>
      )}
      <div className="pv-toolbar__group">
        <button
          type="button"
          className="pv-button pv-button--direction"
          data-testid="layout-direction"
          data-direction={direction}
          onClick={toggleDirection}
          title={horizontal ? 'Left to right: switch to top to bottom' : 'Top to bottom: switch to left to right'}
          aria-label={`Layout direction ${direction}, ${horizontal ? 'left to right' : 'top to bottom'}; switch`}
        >
          {horizontal ? <ArrowRight size={15} aria-hidden /> : <ArrowDown size={15} aria-hidden />}
          {direction}
        </button>
        {/* Icon only: the workflow's name needs the room more than this label (the tooltip says it). */}
        <IconButton label="Tidy up" title="Tidy up: forget dragged positions and lay out again" testId="tidy-up" onClick={tidyUp} disabled={!hasDocument}>
          <WandSparkles size={15} aria-hidden />
        </IconButton>
      </div>
      <div className="pv-toolbar__group">
        <IconButton label="Minimap" pressed={miniMapOpen} onClick={() => togglePanel('minimap')}>
          <MapIcon size={15} />
        </IconButton>
        <button
          type="button"
          className={`pv-button${problemsOpen ? ' is-on' : ''}${problemCount > 0 ? ' pv-button--warn' : ''}`}
          data-testid="toggle-problems"
          onClick={() => togglePanel('problems')}
          aria-pressed={problemsOpen}
          title="Problems"
        >
          <TriangleExclamationPoint size={15} aria-hidden />
          {problemCount}
        </button>
        <IconButton
          label="Runs panel"
          title={runsOpen ? 'Fold the run panel (todos, objective, runs)' : 'Show the run panel (todos, objective, runs)'}
          pressed={runsOpen}
          testId="toggle-runs"
          onClick={runSidebar.toggle}
        >
          <PanelRight size={15} />
        </IconButton>
      </div>
    </div>
  );
}
