import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@planvas/shared';
import { buildApp } from '../src/app';
import { RunEngine } from '../src/engine/run-engine';
import { FileRunStore } from '../src/runs/file-run-store';
import { FileStateStore } from '../src/state/state-store';
import { WorkspaceRepository } from '../src/workspace/workspace-repository';
import { benchSize, isQuickBench, measured } from './bench-runner';

/**
 * Events, end to end, side by side in one run:
 * 1. throughput from ingest (HTTP POST batches) to an SSE client, planvas vs a bare node:http SSE
 *    server that only parses and forwards (no validation, no disk); planvas also with the strict
 *    sync policy (ack after fdatasync) for reference;
 * 2. delivery latency at 1,000 events/s (one event per POST), p50/p99/max, same two servers;
 * 3. executor overhead per iteration: the zero-delay scripted provider on a todo_task step with
 *    1,000 todos, everything real (event log with fsync, todos.json, decision log, index).
 * Goals (issue 5): >= 0.5x the bare throughput, p99 <= 100 ms, <= 2 ms per iteration.
 */
const BATCH = 100;
/** A whole number of batches. */
const THROUGHPUT_EVENTS = Math.max(1, Math.round(Number(process.env['PLANVAS_BENCH_EVENTS'] ?? benchSize(20_000, 2_000)) / BATCH)) * BATCH;
const IN_FLIGHT = 4;
const RATE_EVENTS = Number(process.env['PLANVAS_BENCH_RATE_EVENTS'] ?? benchSize(3_000, 300));
const TODOS = Number(process.env['PLANVAS_BENCH_TODOS'] ?? benchSize(1_000, 50));
/** Throughput rounds per server (best of them), and whether warm-up runs come first: once and none in quick mode. */
const ROUNDS = benchSize(3, 1);
const WARM_UP = !isQuickBench();

interface Target {
  name: string;
  postUrl: string;
  streamUrl: string;
  close(): Promise<void>;
}

async function planvasTarget(): Promise<Target & { fresh(): Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'planvas-bench-events-'));
  const root = join(base, 'ws');
  await mkdir(join(root, 'Bench/Events/planning'), { recursive: true });
  await writeFile(join(root, 'Bench/Events/planning/plan.json'), JSON.stringify({ steps: [{ type: 'regular', id: 'a' }] }));
  const app = await buildApp({ workspaceRoot: root, dataDir: join(base, 'data') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const target = {
    name: 'planvas',
    postUrl: '',
    streamUrl: '',
    /** A fresh external run per measurement, so each stream starts at its run's first event. */
    async fresh() {
      const created = await fetch(`${origin}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ workflowId: 'Bench/Events' }),
      });
      const { runId } = (await created.json()) as { runId: string };
      target.postUrl = `${origin}/api/runs/${runId}/events`;
      target.streamUrl = `${origin}/api/runs/${runId}/stream?after=1`;
    },
    async close() {
      await app.close();
      await rm(base, { recursive: true, force: true });
    },
  };
  return target;
}

/** The baseline: parse the POST, number the events, write them to every open stream. Nothing else. */
async function bareTarget(): Promise<Target & { fresh(): Promise<void> }> {
  const clients = new Set<ServerResponse>();
  let seq = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const value = JSON.parse(body) as unknown;
      const events = Array.isArray(value) ? value : [value];
      let chunk = '';
      for (const e of events as Array<{ type: string; data: unknown }>) {
        const envelope = { seq: ++seq, type: e.type, timestamp: new Date().toISOString(), data: e.data };
        chunk += `id: ${envelope.seq}\nevent: ${envelope.type}\ndata: ${JSON.stringify(envelope)}\n\n`;
      }
      for (const client of clients) client.write(chunk);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accepted: events.length }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    name: 'bare node:http',
    postUrl: `http://127.0.0.1:${port}/events`,
    streamUrl: `http://127.0.0.1:${port}/stream`,
    fresh: async () => undefined,
    close: async () => {
      for (const c of clients) c.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * The load generator runs in a worker thread (its own event loop, the other core), so producing
 * and consuming events does not steal time from the server being measured. Send and receive
 * times are both taken in the worker, on one clock.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode < 300 ? resolve() : reject(new Error('POST ' + res.statusCode))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
function subscribe(url, onData) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error('stream ' + res.statusCode));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\\n\\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const line = block.split('\\n').find((l) => l.startsWith('data: '));
          if (line) onData(line.slice(6));
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', () => undefined);
    req.end();
  });
}
async function throughput({ postUrl, streamUrl, events, batch, inFlight }) {
  let received = 0; let done; const all = new Promise((r) => (done = r));
  const stop = await subscribe(streamUrl, () => { if (++received === events) done(); });
  const t0 = performance.now();
  let next = 0; const batches = events / batch;
  const worker = async () => {
    while (next < batches) {
      const b = next++;
      await post(postUrl, JSON.stringify(Array.from({ length: batch }, (_, i) => ({ type: 'bench_tick', data: { n: b * batch + i, text: 'payload of a typical size for an item event' } }))));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  await all;
  const seconds = (performance.now() - t0) / 1000;
  stop();
  return { eventsPerSecond: events / seconds };
}
async function latency({ postUrl, streamUrl, events }) {
  const latencies = []; let done; const all = new Promise((r) => (done = r));
  const stop = await subscribe(streamUrl, (data) => {
    const envelope = JSON.parse(data);
    latencies.push(performance.now() - envelope.data.sent);
    if (latencies.length === events) done();
  });
  const t0 = performance.now();
  const posts = [];
  for (let i = 0; i < events; i++) {
    // One event per millisecond on schedule; a late loop catches up instead of drifting.
    const wait = t0 + i - performance.now();
    if (wait > 0.5) await new Promise((r) => setTimeout(r, wait));
    posts.push(post(postUrl, JSON.stringify({ type: 'bench_tick', data: { n: i, sent: performance.now() } })));
  }
  await Promise.all(posts);
  await all;
  const rate = events / ((performance.now() - t0) / 1000);
  stop();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1], rate };
}
(async () => {
  const task = workerData;
  const result = task.kind === 'throughput' ? await throughput(task) : await latency(task);
  agent.destroy();
  parentPort.postMessage(result);
})().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));
`;

function inWorker<T>(task: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: task });
    worker.once('message', (m: T & { error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

async function throughput(target: Target & { fresh(): Promise<void> }): Promise<number> {
  await target.fresh();
  const result = await inWorker<{ eventsPerSecond: number }>({
    kind: 'throughput',
    postUrl: target.postUrl,
    streamUrl: target.streamUrl,
    events: THROUGHPUT_EVENTS,
    batch: BATCH,
    inFlight: IN_FLIGHT,
  });
  return result.eventsPerSecond;
}

async function latencyAtRate(
  target: Target & { fresh(): Promise<void> },
  events = RATE_EVENTS,
): Promise<{ p50: number; p99: number; max: number; rate: number }> {
  await target.fresh();
  return inWorker({ kind: 'latency', postUrl: target.postUrl, streamUrl: target.streamUrl, events });
}

async function executorOverhead(
  todos: number,
): Promise<{ iterations: number; totalMs: number; perIteration: number; steady: number; events: number; logMb: number }> {
  const base = await mkdtemp(join(tmpdir(), 'planvas-bench-exec-'));
  const root = join(base, 'ws');
  const routes = Array.from({ length: todos }, (_, i) => ({
    route_id: `r${i}`,
    route_name: `Route ${i}`,
    condition: `todo ${i}`,
    // No context_output: the sub-agent does no file work, so the time measured is the executor's.
    sub_agent_step: { type: 'regular', id: `agent-${i}`, title: `Agent ${i}`, description: 'noop' },
  }));
  await mkdir(join(root, 'Bench/Todos/planning'), { recursive: true });
  await writeFile(
    join(root, 'Bench/Todos/planning/plan.json'),
    JSON.stringify({ steps: [{ type: 'todo_task', id: 'many', title: 'Many todos', description: 'Work through many todos', predefined_routes: routes }] }),
  );
  await writeFile(
    join(root, 'Bench/Todos/planning/step_config.json'),
    JSON.stringify({ steps: [{ id: 'many', agent_configs: { execution_max_turns: todos * 2 + 10 } }] }),
  );
  const state = await FileStateStore.open(join(base, 'data'));
  const workspace = await WorkspaceRepository.open(root);
  const runs = new FileRunStore({ state, workspace });
  const engine = new RunEngine({ runs, workspace });
  try {
    const t0 = performance.now();
    const run = await engine.start('Bench/Todos', { paceMs: 0 });
    const outcome = await engine.settled(run.id);
    const totalMs = performance.now() - t0;
    if (outcome?.status !== 'completed') throw new Error(`bench run ${outcome?.status}: ${JSON.stringify(outcome)}`);
    const summary = runs.get(run.id)!;
    const iterations = summary.iteration ?? 0;
    const paths = await runs.paths(run.id);
    // Steady state: from the first to the last orchestrator decision (no start-up, no learnings).
    // Read from the log file itself, complete once the run has settled (the executor flushes its
    // last events): RunStore.events() just after a run ends may read through the log's handle while
    // the store closes it ("file closed").
    const logged = (await readFile(paths.eventsPath, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as EventEnvelope);
    if (logged.length !== summary.eventCount) throw new Error(`the run's log holds ${logged.length} events, its summary counts ${summary.eventCount}`);
    const decisions = logged.filter((e) => e.type === 'todo_task_route_selected').map((e) => Date.parse(e.timestamp));
    const steady = (decisions.at(-1)! - decisions[0]!) / Math.max(1, decisions.length - 1);
    const logMb = (await stat(paths.eventsPath)).size / 1024 / 1024;
    return { iterations, totalMs, perIteration: totalMs / iterations, steady, events: summary.eventCount, logMb };
  } finally {
    await engine.close();
    await runs.close();
    await rm(base, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function run(): Promise<void> {
  const planvas = await planvasTarget();
  const bare = await bareTarget();
  try {
    // Warm both (JIT, sockets) before measuring; then alternate so machine noise hits both alike.
    if (WARM_UP) {
      await throughput(planvas);
      await throughput(bare);
    }
    const tp = { bare: [] as number[], planvas: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      tp.bare.push(await throughput(bare));
      tp.planvas.push(await throughput(planvas));
    }
    const best = (values: number[]) => Math.max(...values);
    measured('events/s, planvas', best(tp.planvas), { positive: true });
    measured('events/s, bare node:http', best(tp.bare), { positive: true });
    // For reference: the stricter policy, acknowledging each POST only after a covering fdatasync.
    process.env['PLANVAS_EVENT_FSYNC'] = 'always';
    const strict = measured('events/s, PLANVAS_EVENT_FSYNC=always', await throughput(planvas), { positive: true });
    delete process.env['PLANVAS_EVENT_FSYNC'];
    // The single-event path gets its own warm-up (JIT of the per-request code) before it is timed.
    if (WARM_UP) {
      await latencyAtRate(planvas, 500);
      await latencyAtRate(bare, 500);
    }
    const lat = { bare: await latencyAtRate(bare), planvas: await latencyAtRate(planvas) };
    for (const [server, l] of Object.entries(lat))
      for (const [key, value] of Object.entries(l)) measured(`latency ${key}, ${server}`, value, { positive: key === 'rate' });
    console.log(
      `ingest -> SSE, ${THROUGHPUT_EVENTS.toLocaleString()} events in batches of ${BATCH} (${IN_FLIGHT} POSTs in flight), best of ${ROUNDS}, load generator in a worker thread`,
    );
    console.table({
      'events/s': {
        planvas: fmt(best(tp.planvas), 0),
        'bare node:http': fmt(best(tp.bare), 0),
        ratio: `${fmt(best(tp.planvas) / best(tp.bare), 2)}x`,
        goal: '>= 0.5x',
      },
      'events/s, PLANVAS_EVENT_FSYNC=always': {
        planvas: fmt(strict, 0),
        'bare node:http': fmt(best(tp.bare), 0),
        ratio: `${fmt(strict / best(tp.bare), 2)}x`,
        goal: '(reference)',
      },
    });
    console.log(
      'planvas validates every event, writes it to the run log and acknowledges once written (fdatasync runs continuously beside the writes); the bare server only parses and forwards.',
    );
    console.log(`delivery latency at 1,000 events/s (one event per POST, ${RATE_EVENTS.toLocaleString()} events)`);
    console.table({
      'achieved rate (ev/s)': { planvas: fmt(lat.planvas.rate, 0), 'bare node:http': fmt(lat.bare.rate, 0), ratio: '', goal: '' },
      'p50 ms': { planvas: fmt(lat.planvas.p50, 2), 'bare node:http': fmt(lat.bare.p50, 2), ratio: `${fmt(lat.planvas.p50 / lat.bare.p50, 1)}x`, goal: '' },
      'p99 ms': {
        planvas: fmt(lat.planvas.p99, 2),
        'bare node:http': fmt(lat.bare.p99, 2),
        ratio: `${fmt(lat.planvas.p99 / lat.bare.p99, 1)}x`,
        goal: '<= 100 ms',
      },
      'max ms': { planvas: fmt(lat.planvas.max, 2), 'bare node:http': fmt(lat.bare.max, 2), ratio: '', goal: '' },
    });
  } finally {
    await planvas.close();
    await bare.close();
  }
  const small = await executorOverhead(10);
  const large = await executorOverhead(TODOS);
  for (const [label, r] of [
    ['10 todos', small],
    [`${TODOS} todos`, large],
  ] as const) {
    measured(`executor iterations, ${label}`, r.iterations, { positive: true });
    measured(`executor ms / iteration (total), ${label}`, r.perIteration, { positive: true });
    measured(`executor ms / iteration (steady), ${label}`, r.steady);
  }
  console.log('executor overhead, zero-delay scripted provider (all I/O real: event log fsync, todos.json, decision log, learnings)');
  const row = (r: Awaited<ReturnType<typeof executorOverhead>>, goal: string) => ({
    'total ms': fmt(r.totalMs, 0),
    'ms / iteration (total)': fmt(r.perIteration, 3),
    'ms / iteration (steady)': fmt(r.steady, 3),
    events: r.events,
    'log MB': fmt(r.logMb, 1),
    goal,
  });
  console.table({
    [`${small.iterations} iterations, 10 todos`]: row(small, ''),
    [`${large.iterations} iterations, ${TODOS} todos`]: row(large, '<= 2 ms'),
  });
}
