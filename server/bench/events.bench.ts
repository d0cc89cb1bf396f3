import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { RunEngine } from '../src/engine/run-engine';
import { RunStore } from '../src/runs/run-store';
import { StateStore } from '../src/state/state-store';
import { WorkspaceRepository } from '../src/workspace/workspace-repository';

/**
 * Events, end to end, side by side in one run:
 * 1. throughput from ingest (HTTP POST batches) to an SSE client, planvas vs a bare node:http SSE
 *    server that only parses and forwards (no validation, no disk);
 * 2. delivery latency at 1,000 events/s (one event per POST), p50/p99/max, same two servers;
 * 3. executor overhead per iteration: the zero-delay scripted provider on a todo_task step with
 *    1,000 todos, everything real (event log with fsync, todos.json, decision log, index).
 * Goals (issue 5): >= 0.5x the bare throughput, p99 <= 100 ms, <= 2 ms per iteration.
 */
const THROUGHPUT_EVENTS = Number(process.env['PLANVAS_BENCH_EVENTS'] ?? 20_000);
const BATCH = 100;
const IN_FLIGHT = 4;
const RATE_EVENTS = Number(process.env['PLANVAS_BENCH_RATE_EVENTS'] ?? 3_000);
const TODOS = Number(process.env['PLANVAS_BENCH_TODOS'] ?? 1_000);

interface Target {
  name: string;
  post(body: string): Promise<void>;
  streamUrl: string;
  close(): Promise<void>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

function httpPost(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve() : reject(new Error(`POST ${url}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens an SSE stream and calls `onEvent(data)` per frame. */
function subscribe(url: string, onEvent: (data: string) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const dataLine = block.split('\n').find((l) => l.startsWith('data: '));
          if (dataLine) onEvent(dataLine.slice(6));
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', () => undefined);
    req.end();
  });
}

async function planvasTarget(): Promise<Target> {
  const base = await mkdtemp(join(tmpdir(), 'planvas-bench-events-'));
  const root = join(base, 'ws');
  await mkdir(join(root, 'Bench/Events/planning'), { recursive: true });
  await writeFile(join(root, 'Bench/Events/planning/plan.json'), JSON.stringify({ steps: [{ type: 'regular', id: 'a' }] }));
  const app = await buildApp({ workspaceRoot: root, dataDir: join(base, 'data') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const created = await fetch(`http://127.0.0.1:${port}/api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ workflowId: 'Bench/Events' }) });
  const { runId } = (await created.json()) as { runId: string };
  const postUrl = `http://127.0.0.1:${port}/api/runs/${runId}/events`;
  return {
    name: 'planvas',
    post: (body) => httpPost(postUrl, body),
    streamUrl: `http://127.0.0.1:${port}/api/runs/${runId}/stream?after=1`,
    close: async () => {
      await app.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** The baseline: parse the POST, number the events, write them to every open stream. Nothing else. */
async function bareTarget(): Promise<Target> {
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
    post: (body) => httpPost(`http://127.0.0.1:${port}/events`, body),
    streamUrl: `http://127.0.0.1:${port}/stream`,
    close: async () => {
      for (const c of clients) c.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

async function throughput(target: Target): Promise<number> {
  let received = 0;
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  const unsubscribe = await subscribe(target.streamUrl, () => {
    if (++received === THROUGHPUT_EVENTS) done();
  });
  const batches = THROUGHPUT_EVENTS / BATCH;
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < batches) {
      const b = next++;
      await target.post(JSON.stringify(Array.from({ length: BATCH }, (_, i) => ({ type: 'bench_tick', data: { n: b * BATCH + i, text: 'payload of a typical size for an item event' } }))));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await all;
  const seconds = (performance.now() - t0) / 1000;
  unsubscribe();
  return THROUGHPUT_EVENTS / seconds;
}

async function latencyAtRate(target: Target): Promise<{ p50: number; p99: number; max: number; rate: number }> {
  const latencies: number[] = [];
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  const unsubscribe = await subscribe(target.streamUrl, (data) => {
    const envelope = JSON.parse(data) as { data: { sent: number } };
    latencies.push(performance.now() - envelope.data.sent);
    if (latencies.length === RATE_EVENTS) done();
  });
  const t0 = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < RATE_EVENTS; i++) {
    // One event per millisecond on schedule; a late loop catches up instead of drifting.
    const due = t0 + i;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    posts.push(target.post(JSON.stringify({ type: 'bench_tick', data: { n: i, sent: performance.now() } })));
  }
  await Promise.all(posts);
  await all;
  const rate = RATE_EVENTS / ((performance.now() - t0) / 1000);
  unsubscribe();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: latencies.at(-1)!, rate };
}

async function executorOverhead(todos: number): Promise<{ iterations: number; totalMs: number; perIteration: number; events: number; logMb: number }> {
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
  await writeFile(join(root, 'Bench/Todos/planning/plan.json'), JSON.stringify({ steps: [{ type: 'todo_task', id: 'many', title: 'Many todos', description: 'Work through many todos', predefined_routes: routes }] }));
  await writeFile(join(root, 'Bench/Todos/planning/step_config.json'), JSON.stringify({ steps: [{ id: 'many', agent_configs: { execution_max_turns: todos * 2 + 10 } }] }));
  const state = await StateStore.open(join(base, 'data'));
  const workspace = await WorkspaceRepository.open(root);
  const runs = new RunStore({ state, workspace });
  const engine = new RunEngine({ runs, workspace });
  const t0 = performance.now();
  const run = await engine.start('Bench/Todos', { paceMs: 0 });
  const outcome = await engine.settled(run.id);
  const totalMs = performance.now() - t0;
  if (outcome?.status !== 'completed') throw new Error(`bench run ${outcome?.status}: ${JSON.stringify(outcome)}`);
  const summary = runs.get(run.id)!;
  const iterations = summary.iteration ?? 0;
  const paths = await runs.paths(run.id);
  const logMb = (await stat(paths.eventsPath)).size / 1024 / 1024;
  await engine.close();
  await runs.close();
  await rm(base, { recursive: true, force: true });
  return { iterations, totalMs, perIteration: totalMs / iterations, events: summary.eventCount, logMb };
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function run(): Promise<void> {
  const planvas = await planvasTarget();
  const bare = await bareTarget();
  try {
    // Warm both (JIT, sockets) before measuring.
    await throughput({ ...planvas, post: planvas.post }).catch(() => 0);
    await throughput(bare);
    const tp = { bare: await throughput(bare), planvas: await throughput(planvas) };
    const lat = { bare: await latencyAtRate(bare), planvas: await latencyAtRate(planvas) };
    console.log(`ingest -> SSE, ${THROUGHPUT_EVENTS.toLocaleString()} events in batches of ${BATCH} (${IN_FLIGHT} POSTs in flight)`);
    console.table({
      'events/s': { planvas: fmt(tp.planvas, 0), 'bare node:http': fmt(tp.bare, 0), ratio: `${fmt(tp.planvas / tp.bare, 2)}x`, goal: '>= 0.5x' },
    });
    console.log(`delivery latency at 1,000 events/s (one event per POST, ${RATE_EVENTS.toLocaleString()} events)`);
    console.table({
      'achieved rate (ev/s)': { planvas: fmt(lat.planvas.rate, 0), 'bare node:http': fmt(lat.bare.rate, 0), ratio: '', goal: '' },
      'p50 ms': { planvas: fmt(lat.planvas.p50, 2), 'bare node:http': fmt(lat.bare.p50, 2), ratio: `${fmt(lat.planvas.p50 / lat.bare.p50, 1)}x`, goal: '' },
      'p99 ms': { planvas: fmt(lat.planvas.p99, 2), 'bare node:http': fmt(lat.bare.p99, 2), ratio: `${fmt(lat.planvas.p99 / lat.bare.p99, 1)}x`, goal: '<= 100 ms' },
      'max ms': { planvas: fmt(lat.planvas.max, 2), 'bare node:http': fmt(lat.bare.max, 2), ratio: '', goal: '' },
    });
  } finally {
    await planvas.close();
    await bare.close();
    agent.destroy();
  }
  const small = await executorOverhead(10);
  const large = await executorOverhead(TODOS);
  console.log('executor overhead, zero-delay scripted provider (all I/O real: event log fsync, todos.json, decision log)');
  console.table({
    [`${small.iterations} iterations, 10 todos`]: { 'total ms': fmt(small.totalMs, 0), 'ms / iteration': fmt(small.perIteration, 3), events: small.events, 'log MB': fmt(small.logMb, 1), goal: '' },
    [`${large.iterations} iterations, ${TODOS} todos`]: { 'total ms': fmt(large.totalMs, 0), 'ms / iteration': fmt(large.perIteration, 3), events: large.events, 'log MB': fmt(large.logMb, 1), goal: '<= 2 ms' },
  });
}
