import type { LayoutDirection } from '@planvas/shared';
import { gridLayout } from './grid-layout';
import type { LayoutEdge, LayoutNode, Positions } from './layout-types';
import type { WorkerRequest, WorkerResponse } from './elk.worker';
import { layoutInputText } from './layout-key';
import { unpackPositions } from './packed-positions';

export type LayoutResult = {
  positions: Positions;
  /** True when ELK did not answer in time (or failed) and the grid fallback was used. */
  fallback: boolean;
  /** Why the fallback was used, for the notice on the canvas. */
  reason?: string;
  /** From the request to the answer, as the page waited for it (queueing in the worker included). */
  ms: number;
  /** The layout's time in the worker: folding, ELK (including the rest of its loading, if still under way) and unfolding. */
  computeMs?: number;
};

/** Runs a layout somewhere off the main thread; `layout` never rejects (it falls back instead). */
export interface LayoutService {
  /** `inputText`: the nodes and edges as layoutInputText made them, when the caller has it already. */
  layout(nodes: LayoutNode[], edges: LayoutEdge[], direction: LayoutDirection, inputText?: string): Promise<LayoutResult>;
  /** Starts the worker as the page starts on a deep link: it loads ELK at once. */
  preload(): void;
  /** The plan opens from its saved layout after all: ELK is dropped again, unless a layout was asked for meanwhile. */
  cancelPreload(): void;
  /** Starts the worker and warms ELK up with throwaway layouts until a real one is asked for. */
  warm(): void;
  dispose(): void;
}

export type LayoutClientOptions = {
  /** Base time limit; big graphs get a little more (see `timeLimit`). */
  timeoutMs?: number;
  createWorker?: () => Worker;
};

function createElkWorker(): Worker {
  return new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module', name: 'planvas-elk-layout' });
}

/**
 * The time a layout may take before the grid replaces it: 30 s, plus 10 ms per node past 500.
 * A cold ELK (first layouts after the worker starts) is ~10x slower than a warm one, and a busy
 * two-core machine slows it several times more: measured 8 s for the 20-node demo under load 8.
 * Giving up early costs more than it saves, because the abandoned worker is terminated and the
 * next layout starts cold again. A 1,000-step plan has ~1,750 nodes.
 */
export function timeLimit(baseMs: number, nodeCount: number): number {
  return baseMs + Math.max(0, nodeCount - 500) * 10;
}

/**
 * Layouts through one ELK Web Worker. A layout that runs past its time limit is abandoned: the
 * worker is terminated (ELK cannot be interrupted otherwise), a fresh one is started for the next
 * request, and the caller gets the grid fallback at once.
 */
export function createLayoutClient(options: LayoutClientOptions = {}): LayoutService {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const createWorker = options.createWorker ?? createElkWorker;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (response: WorkerResponse) => void>();

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const w = createWorker();
    w.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      resolve?.(event.data);
    };
    w.onerror = (event) => {
      // A worker that fails to load or crashes fails every request it holds.
      event.preventDefault?.();
      for (const [id, resolve] of pending) resolve({ id, error: event.message || 'the layout worker failed' });
      pending.clear();
      if (worker === w) worker = null;
      w.terminate();
    };
    worker = w;
    return w;
  };

  const restartWorker = () => {
    worker?.terminate();
    worker = null;
    for (const [id, resolve] of pending) resolve({ id, error: 'cancelled' });
    pending.clear();
  };

  // A worker that cannot start here is reported by the first layout (it falls back to the grid and says why).
  const post = (message: WorkerRequest) => {
    try {
      ensureWorker().postMessage(message);
    } catch {
      // see above
    }
  };

  return {
    preload: () => post({ preload: true }),
    cancelPreload: () => post({ cancelPreload: true }),
    warm: () => post({ warm: true }),
    dispose: restartWorker,
    layout(nodes, edges, direction, inputText) {
      const started = performance.now();
      const fallback = (reason: string): LayoutResult => ({ positions: gridLayout(nodes, direction), fallback: true, reason, ms: performance.now() - started });
      let w: Worker;
      try {
        w = ensureWorker();
      } catch (error) {
        return Promise.resolve(fallback(`the layout worker could not start (${error instanceof Error ? error.message : String(error)})`));
      }
      const id = nextId++;
      const limit = timeLimit(timeoutMs, nodes.length);
      return new Promise<LayoutResult>((resolve) => {
        const timer = setTimeout(() => {
          if (!pending.has(id)) return;
          pending.delete(id);
          restartWorker();
          resolve(fallback(`the automatic layout took longer than ${Math.round(limit / 1000)} s`));
        }, limit);
        pending.set(id, (response) => {
          clearTimeout(timer);
          if ('error' in response) resolve(fallback(`the automatic layout failed (${response.error})`));
          else resolve({ positions: unpackPositions(nodes, response.coordinates), fallback: false, ms: performance.now() - started, computeMs: response.ms });
        });
        w.postMessage({ id, direction, input: inputText ?? layoutInputText(nodes, edges) } satisfies WorkerRequest);
      });
    },
  };
}
