import { useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutDirection } from '@planvas/shared';
import { useApi } from '../api/api-context';
import { useLayoutService } from '../layout/layout-context';
import { toLayoutInput } from '../layout/layout-input';
import { layoutInputText, layoutKey } from '../layout/layout-key';
import type { LayoutNode, Positions } from '../layout/layout-types';
import { useAppStoreApi } from '../store/store-context';
import { END_NODE_ID, START_NODE_ID } from '../flow/node-data';
import { afterNextPaint } from './after-next-paint';
import { whenIdle } from './when-idle';
import type { CanvasFlow } from '../flow/plan-to-flow';

/** Where the positions on screen came from: ELK in the worker, the saved layout, or the grid fallback. */
export type LayoutSource = 'elk' | 'saved' | 'grid';

export type CanvasLayout = {
  positions: Positions | null;
  /** True while a layout for the current plan / direction / tidy-up is being computed. */
  pending: boolean;
  /** Changes each time a new layout arrives (the canvas fits the view then). */
  version: number;
  fallback: boolean;
  source: LayoutSource | null;
  /** How long the last layout took, request to answer (shown as `data-layout-ms`). */
  ms: number | null;
  /** The direction `positions` were computed for (the store's may already be another). */
  direction: LayoutDirection | null;
};

type Done = { key: string; direction: LayoutDirection; epoch: number; positions: Positions; source: LayoutSource; version: number; ms: number };

/** How long after a plan opened from its saved layout the layout worker starts and warms ELK up. */
const WARM_AFTER_SAVED_MS = 1500;

const placesEvery = (positions: Positions, nodes: readonly LayoutNode[]) => nodes.every((n) => positions[n.id] !== undefined);

/**
 * Lays the plan's flow out (in the worker) whenever its structure, the direction or the tidy-up
 * epoch changes. Statuses and problems do not re-lay out: they change what nodes show, not their size.
 * Neither do edits that leave the geometry alone (a title typed in the inspector): layouts are
 * keyed by the layout input itself (node sizes, ports, edges), not by the plan object.
 * A layout computed once is saved through the API under that key, and the next open of the same
 * geometry uses it instead of running ELK (seconds for a 1,000-step plan).
 * While a new layout runs, the previous positions stay on screen.
 */
export function useCanvasLayout(flow: CanvasFlow | null, direction: LayoutDirection, epoch: number): CanvasLayout {
  const service = useLayoutService();
  const api = useApi();
  const store = useAppStoreApi();
  const [done, setDone] = useState<Done | null>(null);

  // The same geometry (the same key) keeps the same input object, so the effect below does not run again.
  const last = useRef<{ key: string; input: ReturnType<typeof toLayoutInput>; text: string } | null>(null);
  const keyed = useMemo(() => {
    if (!flow) return null;
    const next = toLayoutInput(flow.nodes, flow.edges, direction);
    const text = layoutInputText(next.nodes, next.edges);
    const key = layoutKey(text, direction, next.nodes.length);
    if (last.current?.key !== key) last.current = { key, input: next, text };
    return last.current;
  }, [flow, direction]);
  const input = keyed?.input ?? null;
  const key = keyed?.key ?? null;
  const text = keyed?.text ?? null;

  useEffect(() => {
    if (!input || key === null || text === null) return;
    const finish = (positions: Positions, source: LayoutSource, ms: number) =>
      setDone((previous) => ({ key, direction, epoch, positions, source, version: (previous?.version ?? 0) + 1, ms: Math.round(ms) }));

    const saved = store.getState().savedLayouts[direction];
    if (saved?.key === key && placesEvery(saved.positions, input.nodes)) {
      store.getState().setLayoutNotice(null);
      finish(saved.positions, 'saved', 0);
      // No ELK needed to open; load and warm it up once the plan is on screen, for the next
      // layout (an edit, the other direction).
      const later = setTimeout(() => service.warm(), WARM_AFTER_SAVED_MS);
      return () => clearTimeout(later);
    }
    const workflowId = store.getState().viewOf;
    let cancelled = false;
    const cancelRequest = afterNextPaint(
      () =>
        void service.layout(input.nodes, input.edges, direction, text).then((result) => {
          if (!cancelled) {
            store.getState().setLayoutNotice(result.fallback ? `Showing a simple grid: ${result.reason ?? 'the automatic layout failed'}.` : null);
            finish(result.positions, result.fallback ? 'grid' : 'elk', result.ms);
          }
          // Kept for next time once the plan is drawn: its serialization (~20 ms at 1,000 steps) and
          // request ran between the answer and the drawing when they waited only for the next frame,
          // as the drawing takes several. A layout finished for a plan the user has left is still
          // worth keeping.
          if (!result.fallback && workflowId !== null) {
            const layout = { key, positions: result.positions };
            whenIdle(() => {
              if (store.getState().viewOf === workflowId) store.getState().rememberLayout(direction, layout);
              api.saveLayout(workflowId, direction, layout).catch((error: unknown) => console.warn('planvas: could not save the layout', error));
            });
          }
        }),
    );
    return () => {
      cancelled = true;
      cancelRequest();
    };
  }, [service, api, store, input, key, text, direction, epoch]);

  const same = done !== null && key !== null && done.key === key;
  const current = same && done.direction === direction && done.epoch === epoch;
  // After an edit that changes the geometry (a step added), the last positions stay on screen
  // until the new layout arrives, rather than a blank canvas; a layout of another workflow does not.
  const related =
    same || (done !== null && input !== null && input.nodes.some((n) => n.id !== START_NODE_ID && n.id !== END_NODE_ID && n.id in done.positions));
  return {
    positions: related ? done!.positions : null,
    pending: flow !== null && !current,
    version: done?.version ?? 0,
    fallback: done?.source === 'grid',
    source: done?.source ?? null,
    ms: done?.ms ?? null,
    direction: related ? done!.direction : null,
  };
}
