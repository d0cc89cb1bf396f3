// @vitest-environment node
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import type { WorkerRequest, WorkerResponse } from './elk.worker';
import { layout } from './elk-layout';
import { createLayoutClient, timeLimit } from './layout-client';
import { toLayoutInput } from './layout-input';
import { packPositions } from './packed-positions';
import type { LayoutRequest } from './layout-types';

/**
 * Stand-ins for the browser's Worker (node has none): one answers with the real ELK layout through
 * the same message protocol as elk.worker.ts, one never answers (a layout that hangs).
 */
class InProcessElkWorker {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  private readonly elk = new ELK();
  readonly received: WorkerRequest[] = [];
  postMessage(message: WorkerRequest) {
    this.received.push(message);
    if (!('input' in message)) return;
    const { id, direction, input } = message;
    const { nodes, edges } = JSON.parse(input) as Pick<LayoutRequest, 'nodes' | 'edges'>;
    const started = performance.now();
    void layout(nodes, edges, direction, this.elk).then((positions) => {
      if (!this.terminated)
        this.onmessage?.({ data: { id, coordinates: packPositions(nodes, positions), ms: performance.now() - started } } as MessageEvent<WorkerResponse>);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

class SilentWorker extends InProcessElkWorker {
  override postMessage() {}
}

const demo = () => {
  const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'TB' });
  return toLayoutInput(flow.nodes, flow.edges, 'TB');
};

describe('layout client (main thread side of the worker)', () => {
  it('returns the worker’s ELK positions', async () => {
    const client = createLayoutClient({ createWorker: () => new InProcessElkWorker() as unknown as Worker });
    const { nodes, edges } = demo();
    const result = await client.layout(nodes, edges, 'TB');
    expect(result.fallback).toBe(false);
    expect(Object.keys(result.positions)).toHaveLength(nodes.length);
    expect(result.positions['research-todo-sub-agent-literature']!.y).toBeGreaterThan(result.positions['research-todo']!.y);
  });

  it('falls back to the grid with a reason when the layout takes too long, and starts a fresh worker', async () => {
    const workers: SilentWorker[] = [];
    const client = createLayoutClient({
      timeoutMs: 50,
      createWorker: () => {
        const w = new SilentWorker();
        workers.push(w);
        return w as unknown as Worker;
      },
    });
    const { nodes, edges } = demo();
    const result = await client.layout(nodes, edges, 'TB');
    expect(result.fallback).toBe(true);
    expect(result.reason).toMatch(/took longer than/);
    expect(Object.keys(result.positions)).toHaveLength(nodes.length);
    expect(workers[0]!.terminated).toBe(true);
    await client.layout(nodes, edges, 'TB');
    expect(workers).toHaveLength(2);
  });

  it('falls back when the worker cannot start', async () => {
    const client = createLayoutClient({
      createWorker: () => {
        throw new Error('no workers here');
      },
    });
    const { nodes, edges } = demo();
    const result = await client.layout(nodes, edges, 'LR');
    expect(result).toMatchObject({ fallback: true });
    expect(result.reason).toMatch(/no workers here/);
  });

  it('starts one worker, to which it hands the preload, its cancelling and the warm-up', () => {
    const workers: InProcessElkWorker[] = [];
    const client = createLayoutClient({ createWorker: () => (workers.push(new InProcessElkWorker()), workers.at(-1) as unknown as Worker) });
    client.preload();
    client.cancelPreload();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.received).toEqual([{ preload: true }, { cancelPreload: true }]);
    client.warm();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.received.at(-1)).toEqual({ warm: true });
  });

  it('allows big graphs more time', () => {
    expect(timeLimit(30_000, 100)).toBe(30_000);
    expect(timeLimit(30_000, 3500)).toBe(60_000);
  });
});
