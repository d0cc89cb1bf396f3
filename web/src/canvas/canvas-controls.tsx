import { ControlButton, Panel, useReactFlow, useStore, type ReactFlowState } from '@xyflow/react';
import { LocateFixed, Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { shallow } from 'zustand/shallow';
import { useAppStore } from '../store/store-context';
import type { FollowRun } from './use-follow-run';

const ZOOM_MS = 200;
const zoomOf = (s: ReactFlowState) => ({
  percent: Math.round(s.transform[2] * 100),
  atMin: s.transform[2] <= s.minZoom,
  atMax: s.transform[2] >= s.maxZoom,
});

/**
 * The canvas' one set of view controls, bottom left: fit view, zoom out, the zoom (click: 100%),
 * zoom in, and while a run goes on the "Follow run" toggle. Moving the view with any of them is
 * the user's own move, so it stops following the run.
 */
export function CanvasControls({ follow }: { follow: FollowRun }) {
  const reactFlow = useReactFlow();
  const requestFit = useAppStore((s) => s.requestFit);
  const { percent, atMin, atMax } = useStore(zoomOf, shallow);
  const byHand = (move: () => unknown) => () => {
    follow.stop();
    void move();
  };
  return (
    // React Flow's controls' look (its classes), as a labelled group of buttons.
    <Panel position="bottom-left" className="react-flow__controls horizontal pv-controls" role="group" aria-label="View" data-testid="view-controls">
      <ControlButton onClick={byHand(requestFit)} title="Fit view: the whole plan" aria-label="Fit view" data-testid="fit-view">
        <Maximize aria-hidden />
      </ControlButton>
      <ZoomStepButton direction="out" disabled={atMin} onClick={byHand(() => reactFlow.zoomOut({ duration: ZOOM_MS }))} />
      <ControlButton
        className="pv-controls__zoom"
        onClick={byHand(() => reactFlow.zoomTo(1, { duration: ZOOM_MS }))}
        title="Zoom to 100%"
        aria-label={`${percent}%: zoom to 100%`}
        data-testid="zoom-level"
        data-zoom={percent}
      >
        {percent}%
      </ControlButton>
      <ZoomStepButton direction="in" disabled={atMax} onClick={byHand(() => reactFlow.zoomIn({ duration: ZOOM_MS }))} />
      {follow.available && (
        <ControlButton
          className={`pv-controls__follow${follow.on ? ' is-on' : ''}`}
          onClick={follow.toggle}
          aria-pressed={follow.on}
          title={
            follow.on ? 'Following the run: the view moves to the step it is at (pan or zoom to stop)' : 'Follow the run: move the view to the step it is at'
          }
          data-testid="follow-run"
        >
          <LocateFixed aria-hidden />
          Follow run
        </ControlButton>
      )}
    </Panel>
  );
}

/** Zoom in or out one step; disabled at the canvas' zoom limit. */
function ZoomStepButton({ direction, disabled, onClick }: { direction: 'in' | 'out'; disabled: boolean; onClick: () => void }) {
  const label = `Zoom ${direction}`;
  const Icon = direction === 'in' ? ZoomIn : ZoomOut;
  return (
    <ControlButton onClick={onClick} disabled={disabled} title={label} aria-label={label} data-testid={`zoom-${direction}`}>
      <Icon aria-hidden />
    </ControlButton>
  );
}
