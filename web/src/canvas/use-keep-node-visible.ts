import { useEffect, useMemo, useRef } from 'react';
import { useReactFlow, useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
import type { CanvasNode } from '../flow/node-data';
import { useAppStore } from '../store/store-context';
import { boxOf } from './follow-run';
import { revealViewport } from './keep-in-view';

/** Short: the view slides the node out from under the panel rather than jumping, without making the user wait. */
const GLIDE_MS = 200;
/**
 * Frames the pane's size and the viewport must stay the same before the node is measured: the
 * inspector takes its room a frame after the selection (a resize the canvas learns of late), and
 * a glide under way (a focus request, "Follow run", fit view) must end first, or the pan would be
 * worked out from a viewport that is still moving and cut that glide short.
 */
const STEADY_FRAMES = 2;

const screenOf = (s: ReactFlowState) => `${s.width}x${s.height}`;

/**
 * Keeps the node the inspector edits in view: when one node is selected, and each time the canvas
 * changes size while it is (the inspector opening beside it, the run panel docking, the window),
 * a node the canvas no longer shows wholly is panned back in (keep-in-view.ts), at the same zoom.
 * A node in view never moves the canvas, a node being dragged is left to the drag (checked again
 * when it is dropped), and a pan or zoom by hand while the check waits wins over it.
 */
export function useKeepNodeVisible(nodes: readonly CanvasNode[], ready: boolean): void {
  // Several selected nodes are a region the user works on: no one of them is brought forward.
  const selectedId = useAppStore((s) => (s.selectedNodeIds.length === 1 ? s.selectedNodeId : null));
  const screen = useStore(screenOf);
  const reactFlow = useReactFlow();
  const flowStore = useStoreApi();
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const dragging = useMemo(() => selectedId !== null && nodes.some((n) => n.id === selectedId && n.dragging === true), [nodes, selectedId]);

  useEffect(() => {
    if (!ready || selectedId === null || dragging) return;
    let frame = 0;
    let last = '';
    let steady = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('wheel', onUserMove, true);
      document.removeEventListener('pointerdown', onUserMove, true);
    };
    const onUserMove = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.react-flow')) stop();
    };
    const check = () => {
      const { width, height, transform } = flowStore.getState();
      const now = `${width}x${height}@${transform.join(',')}`;
      steady = now === last ? steady + 1 : 0;
      last = now;
      if (steady < STEADY_FRAMES) {
        frame = requestAnimationFrame(check);
        return;
      }
      stop();
      const node = nodesRef.current.find((n) => n.id === selectedId);
      if (!node) return;
      const viewport = revealViewport(boxOf(node), { width, height }, { x: transform[0], y: transform[1], zoom: transform[2] });
      if (viewport) void reactFlow.setViewport(viewport, { duration: GLIDE_MS });
    };
    document.addEventListener('wheel', onUserMove, { capture: true, passive: true });
    document.addEventListener('pointerdown', onUserMove, true);
    frame = requestAnimationFrame(check);
    return stop;
  }, [ready, selectedId, dragging, screen, flowStore, reactFlow]);
}
