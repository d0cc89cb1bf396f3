import { useEffect, useMemo, useState } from 'react';
import type { LayoutDirection, Plan } from '@planvas/shared';
import { useLayoutService } from '../layout/layout-context';
import { toLayoutInput } from '../layout/layout-input';
import type { Positions } from '../layout/layout-types';
import { useAppStoreApi } from '../store/store-context';
import { canvasFlowOf } from './flow-cache';

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

type Done = { plan: Plan; direction: LayoutDirection; epoch: number; positions: Positions; fallback: boolean; version: number; ms: number };

/**
 * Lays the plan out (in the worker) whenever its structure, the direction or the tidy-up epoch
 * changes. Statuses and problems do not re-lay out: they change what nodes show, not their size.
 * While a new layout runs, the previous positions of the same plan stay on screen.
 */
export function useCanvasLayout(plan: Plan | null, direction: LayoutDirection, epoch: number): CanvasLayout {
  const service = useLayoutService();
  const store = useAppStoreApi();
  const [done, setDone] = useState<Done | null>(null);

  const input = useMemo(() => {
    if (!plan) return null;
    const flow = canvasFlowOf(plan, direction, null);
    return toLayoutInput(flow.nodes, flow.edges, direction);
  }, [plan, direction]);

  useEffect(() => {
    if (!plan || !input) return;
    let cancelled = false;
    void service.layout(input.nodes, input.edges, direction).then((result) => {
      if (cancelled) return;
      store.getState().setLayoutNotice(result.fallback ? `Showing a simple grid: ${result.reason ?? 'the automatic layout failed'}.` : null);
      setDone((previous) => ({ plan, direction, epoch, positions: result.positions, fallback: result.fallback, version: (previous?.version ?? 0) + 1, ms: Math.round(result.ms) }));
    });
    return () => {
      cancelled = true;
    };
  }, [service, store, plan, input, direction, epoch]);

  const current = done !== null && done.plan === plan && done.direction === direction && done.epoch === epoch;
  return {
    positions: done !== null && done.plan === plan ? done.positions : null,
    pending: plan !== null && !current,
    version: done?.version ?? 0,
    fallback: done?.fallback ?? false,
    ms: done?.ms ?? null,
    direction: done !== null && done.plan === plan ? done.direction : null,
  };
}
