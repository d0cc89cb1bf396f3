import { useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutDirection, Plan } from '@planvas/shared';
import { useLayoutService } from '../layout/layout-context';
import { toLayoutInput } from '../layout/layout-input';
import type { Positions } from '../layout/layout-types';
import { useAppStoreApi } from '../store/store-context';
import { canvasFlowOf } from './flow-cache';
import { END_NODE_ID, START_NODE_ID } from './node-data';

export type CanvasLayout = {
  positions: Positions | null;
  /** True while a layout for the current plan / direction / tidy-up is being computed. */
  pending: boolean;
  /** Changes each time a new layout arrives (the canvas fits the view then). */
  version: number;
  fallback: boolean;
  /** How long the last layout took, request to answer (shown as `data-layout-ms`). */
  ms: number | null;
  /** The direction `positions` were computed for (the store's may already be another). */
  direction: LayoutDirection | null;
};

type Done = { signature: string; direction: LayoutDirection; epoch: number; positions: Positions; fallback: boolean; version: number; ms: number };

/**
 * Lays the plan out (in the worker) whenever its structure, the direction or the tidy-up epoch
 * changes. Statuses and problems do not re-lay out: they change what nodes show, not their size.
 * Neither do edits that leave the geometry alone (a title typed in the inspector): layouts are
 * keyed by the layout input itself (node sizes, ports, edges), not by the plan object.
 * While a new layout runs, the previous positions stay on screen.
 */
export function useCanvasLayout(plan: Plan | null, direction: LayoutDirection, epoch: number): CanvasLayout {
  const service = useLayoutService();
  const store = useAppStoreApi();
  const [done, setDone] = useState<Done | null>(null);

  // The same geometry keeps the same input object, so the effect below does not run again.
  const last = useRef<{ signature: string; input: ReturnType<typeof toLayoutInput> } | null>(null);
  const keyed = useMemo(() => {
    if (!plan) return null;
    const flow = canvasFlowOf(plan, direction, null);
    const next = toLayoutInput(flow.nodes, flow.edges, direction);
    const signature = `${direction}\u0000${JSON.stringify(next)}`;
    if (last.current?.signature !== signature) last.current = { signature, input: next };
    return last.current;
  }, [plan, direction]);
  const input = keyed?.input ?? null;
  const signature = keyed?.signature ?? null;

  useEffect(() => {
    if (!input || signature === null) return;
    let cancelled = false;
    void service.layout(input.nodes, input.edges, direction).then((result) => {
      if (cancelled) return;
      store.getState().setLayoutNotice(result.fallback ? `Showing a simple grid: ${result.reason ?? 'the automatic layout failed'}.` : null);
      setDone((previous) => ({ signature, direction, epoch, positions: result.positions, fallback: result.fallback, version: (previous?.version ?? 0) + 1, ms: Math.round(result.ms) }));
    });
    return () => {
      cancelled = true;
    };
  }, [service, store, input, signature, direction, epoch]);

  const same = done !== null && signature !== null && done.signature === signature;
  const current = same && done.direction === direction && done.epoch === epoch;
  // After an edit that changes the geometry (a step added), the last positions stay on screen
  // until the new layout arrives, rather than a blank canvas; a layout of another workflow does not.
  const related = same || (done !== null && input !== null && input.nodes.some((n) => n.id !== START_NODE_ID && n.id !== END_NODE_ID && n.id in done.positions));
  return {
    positions: related ? done!.positions : null,
    pending: plan !== null && !current,
    version: done?.version ?? 0,
    fallback: done?.fallback ?? false,
    ms: done?.ms ?? null,
    direction: related ? done!.direction : null,
  };
}
