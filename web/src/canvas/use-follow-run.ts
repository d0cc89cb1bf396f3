import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useReactFlow, useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
import { isFinalRunStatus } from '@planvas/shared';
import type { CanvasNode } from '../flow/node-data';
import { useAppStore } from '../store/store-context';
import { boxOf, followedNodes, followViewport } from './follow-run';

/** How long the viewport glides to the next step: long enough to see where it went. */
const GLIDE_MS = 450;

const screenOf = (s: ReactFlowState) => `${s.width}x${s.height}`;

export type FollowRun = {
  /** A run is followed and still going, so there is something to follow (the toggle shows). */
  available: boolean;
  /** The viewport follows the step the run is at. */
  on: boolean;
  toggle(): void;
  /** The user moved the view themselves (a button, the minimap, a focus request): stop following. */
  stop(): void;
  /** React Flow's onMove: a move with an input event is the user's own pan or zoom, which stops following. */
  onMove(event: MouseEvent | TouchEvent | null): void;
};

/**
 * "Follow run": while on (it is for each run newly followed, until it ends), the viewport glides
 * to the step the run is at (follow-run.ts) each time that changes, and stays put while it is in view. Any pan or
 * zoom by hand turns it off, so it never pulls the view away from where the user took it; the
 * toggle turns it back on. `ready` holds it until the canvas shows the laid-out plan.
 */
export function useFollowRun(nodes: readonly CanvasNode[], ready: boolean): FollowRun {
  // A run from the list that has ended has nothing to follow.
  const runId = useAppStore((s) => (s.followedRunId !== null && s.run.runStatus !== null && !isFinalRunStatus(s.run.runStatus) ? s.followedRunId : null));
  // The run the user stopped following; a run followed next is followed again.
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const on = runId !== null && stoppedFor !== runId;
  const reactFlow = useReactFlow();
  const flowStore = useStoreApi();
  const screen = useStore(screenOf);

  const targets = useMemo(() => followedNodes(nodes), [nodes]);
  // The effect below runs when where the run is changes (which nodes, where they are), not each
  // time the node list does (a selection, a status elsewhere).
  const where = targets.map((n) => `${n.id}@${n.position.x},${n.position.y}`).join('|');
  const targetsRef = useRef(targets);
  targetsRef.current = targets;

  useEffect(() => {
    if (!on || !ready || where === '') return;
    const { width, height, transform } = flowStore.getState();
    const viewport = followViewport(targetsRef.current.map(boxOf), { width, height }, { x: transform[0], y: transform[1], zoom: transform[2] });
    if (viewport) void reactFlow.setViewport(viewport, { duration: GLIDE_MS });
  }, [on, ready, where, screen, flowStore, reactFlow]);

  const stop = useCallback(() => {
    if (runId !== null) setStoppedFor(runId);
  }, [runId]);
  const toggle = useCallback(() => setStoppedFor(on ? runId : null), [on, runId]);
  const onMove = useCallback(
    (event: MouseEvent | TouchEvent | null) => {
      // Programmatic moves (this hook's, fit view, opening the plan) come without an event.
      if (event && on) stop();
    },
    [on, stop],
  );
  return { available: runId !== null, on, toggle, stop, onMove };
}
