/// <reference lib="webworker" />
// The ELK layout, off the main thread. elkjs' bundled build runs ELK in the calling thread, which
// here is this worker; the page stays responsive however long the layout takes.
import ELK from 'elkjs/lib/elk.bundled.js';
import { layout } from './elk-layout';
import type { LayoutDirection } from '@planvas/shared';
import type { LayoutEdge, LayoutNode, Positions } from './layout-types';
import { warmUpGraph } from './warm-up';

/**
 * A layout to compute (`input`: the nodes and edges as JSON text, see layoutInputText), or
 * (`warm`) leave to warm ELK up while nothing else is asked.
 */
export type WorkerRequest = { id: number; direction: LayoutDirection; input: string; sentAt?: number } | { warm: true };
/** `ms`: the layout's own time here; `waitMs`: from the page's post (`sentAt`) to this worker taking it up (ELK still loading, another layout). */
export type WorkerResponse = { id: number; positions: Positions; ms: number; waitMs?: number } | { id: number; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const elk = new ELK();

// Loading elk.bundled inside a worker also installs ELK's own message dispatcher on `self`;
// assigning ours afterwards replaces it, so only our protocol answers.
let requested = false;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  if ('warm' in event.data) {
    if (!requested) warmUp(0);
    return;
  }
  requested = true;
  const { id, direction, input, sentAt } = event.data;
  const started = performance.now();
  const waitMs = sentAt === undefined ? undefined : Math.max(0, Date.now() - sentAt);
  try {
    const { nodes, edges } = JSON.parse(input) as { nodes: LayoutNode[]; edges: LayoutEdge[] };
    const positions = await layout(nodes, edges, direction, elk);
    scope.postMessage({ id, positions, ms: performance.now() - started, ...(waitMs === undefined ? {} : { waitMs }) } satisfies WorkerResponse);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse);
  }
};

// ELK's compiled code gets ~10x faster over its first few layouts (measured: 860 ms -> 50 ms for the
// demo plan). Throwaway layouts of a small but realistic graph pay that cost before the user opens a
// plan. They run one per task, so a real request arriving meanwhile waits for one round at most,
// and they stop as soon as one arrives (it warms ELK up just as well). They run only when asked
// (`warm`): the app asks while no plan is open. When a page opens right on a plan (deep link), a
// cold first round would only hold its layout up: measured 1.3 s of queueing at 1,000 steps.
const WARM_UP_ROUNDS = 8;
function warmUp(round: number) {
  if (requested || round >= WARM_UP_ROUNDS) return;
  void layout(warmUpGraph.nodes, warmUpGraph.edges, round % 2 === 0 ? 'LR' : 'TB', elk)
    .catch(() => undefined)
    .then(() => setTimeout(() => warmUp(round + 1), 0));
}
