/// <reference lib="webworker" />
// The ELK layout, off the main thread. This worker folds the plan's graph (fans, runs), hands what
// is left to ELK and unfolds ELK's answer; the page stays responsive however long that takes.
//
// ELK itself (elkjs' GWT build, 1.6 MB of script) runs in a worker of this worker, loaded from
// elkjs' own file as a classic script, only when a layout may be coming. Measured on a two-core
// machine, headless Chromium:
// - elkjs bundled into this module by the build took 900-1,020 ms to load, its own file 490-580 ms:
//   the bundler wraps it in a function, which the engine parses twice;
// - a worker cannot start while the page's main thread is busy (a 1.5 s busy loop held a new
//   worker back 1.5 s), but a worker of a worker can (it loaded ELK in ~500 ms all the same). On a
//   deep link this small worker is started first thing (main.tsx) and ELK's loads alongside the
//   app's start (~1.2 s of main thread) instead of after it.
import ELK from 'elkjs/lib/elk-api.js';
import elkScriptUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { LayoutDirection } from '@planvas/shared';
import { layout, type ElkEngine } from './elk-layout';
import { packPositions } from './packed-positions';
import type { LayoutEdge, LayoutNode } from './layout-types';
import { firstCallGraph, warmUpGraph } from './warm-up';

/**
 * - a layout to compute (`input`: the nodes and edges as JSON text, see layoutInputText);
 * - `warm`: load ELK and warm it up while nothing else is asked;
 * - `preload`: on a deep link, as the page starts: load ELK;
 * - `cancelPreload`: the page found the plan has a saved layout, so it opens without ELK: ELK is
 *   dropped again, as loading it would only compete with the app's start for the CPU (measured:
 *   a reopen 10-20 % slower).
 */
export type WorkerRequest = { id: number; direction: LayoutDirection; input: string } | { warm: true } | { preload: true } | { cancelPreload: true };
/**
 * `coordinates`: x, y of each node of the request's input in its order (packed-positions.ts);
 * `ms`: the layout's time here, ELK's worker included (the rest of ELK's loading too, if still under way).
 */
export type WorkerResponse = { id: number; coordinates: Float64Array; ms: number } | { id: number; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

type Engine = { elk: ElkEngine & { terminateWorker(): void }; failed: Promise<never> };
let engine: Engine | null = null;

/**
 * ELK in its worker, started on first use; `failed` rejects if that worker cannot load or dies, or
 * cannot start at all (a browser without workers inside workers): every use then fails the same way.
 */
function elkEngine(): Engine {
  if (engine) return engine;
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  try {
    const elk = new ELK({
      // Only the algorithm planvas uses: registering the others is start-up work for nothing.
      algorithms: ['layered'],
      workerFactory: () => {
        const worker = new Worker(elkScriptUrl, { name: 'planvas-elk' });
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          if (engine?.failed === failed) engine = null;
          fail(new Error(event.message || 'ELK could not load'));
        });
        return worker;
      },
    });
    engine = { elk, failed };
    return engine;
  } catch (error) {
    fail(error instanceof Error ? error : new Error(String(error)));
    return { elk: { layout: () => failed, terminateWorker() {} }, failed };
  }
}

/** A layout on `engine`, failing as soon as its ELK worker does (not only at the page's time limit). */
function layOutWith(engine: Engine, nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], direction: LayoutDirection) {
  return Promise.race([layout(nodes, edges, direction, engine.elk), engine.failed]);
}

function dropEngine() {
  engine?.elk.terminateWorker();
  engine = null;
}

let requested = false;
let warming = false;
/** The engine `preload` started, until a layout or the warm-up has used it. */
let preloaded: Engine | null = null;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if ('warm' in message) {
    startWarmUp();
    return;
  }
  if ('cancelPreload' in message) {
    if (!requested && !warming && preloaded !== null && engine === preloaded) dropEngine();
    preloaded = null;
    return;
  }
  if ('preload' in message) {
    // ELK starts loading at once, while the page reads the saved layouts, and is dropped if there
    // is one and nothing has been asked meanwhile (`cancelPreload`). It gets one tiny first call
    // (warm-up.ts `firstCallGraph`), not the warm-up rounds: on two cores those take CPU from the
    // app's start, which posts the plan's own layout later (measured at 1,000 steps, median of 8:
    // answer at 1,439 ms with warm-up rounds, 1,303 ms without).
    preloaded = elkEngine();
    void layOutWith(preloaded, firstCallGraph.nodes, firstCallGraph.edges, 'LR').catch(() => undefined);
    return;
  }
  requested = true;
  const { id, direction, input } = message;
  const started = performance.now();
  try {
    const { nodes, edges } = JSON.parse(input) as { nodes: LayoutNode[]; edges: LayoutEdge[] };
    const positions = await layOutWith(elkEngine(), nodes, edges, direction);
    const coordinates = packPositions(nodes, positions);
    scope.postMessage({ id, coordinates, ms: performance.now() - started } satisfies WorkerResponse, [coordinates.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse);
  }
};

// ELK's compiled code gets ~10x faster over its first few layouts (measured: 860 ms -> 50 ms for the
// demo plan). Throwaway layouts of a small but realistic graph pay that cost before the plan's own
// layout is asked for. A real request arriving meanwhile waits for the round under way (ELK's
// worker takes one layout at a time), and no further round starts after it: it warms ELK up just
// as well. The first round is the costly one; later ones take tens of milliseconds.
const WARM_UP_ROUNDS = 8;
function startWarmUp() {
  if (warming || requested) return;
  warming = true;
  warmUp(0);
}
function warmUp(round: number) {
  if (requested || round >= WARM_UP_ROUNDS) return;
  void layOutWith(elkEngine(), warmUpGraph.nodes, warmUpGraph.edges, round % 2 === 0 ? 'LR' : 'TB')
    .then(() => warmUp(round + 1))
    .catch(() => undefined);
}
