// The team bench's load: `runs` scripted runs started at once, alternately through the setup's
// API instances, each followed by `viewersPerRun` SSE viewers spread over the instances; then
// every viewer is checked against the run's log.
import { isFinalRunStatus, type RunStatus } from '@planvas/shared';
import { type Setup } from './team-setups';
import { checkViewer, openViewer, seqRanges, type Viewer } from './team-viewers';

export interface LoadOptions {
  workflowId: string;
  runs: number;
  viewersPerRun: number;
  paceMs: number;
}

export interface LoadResult {
  runs: number;
  viewers: number;
  /** Events of all runs (the sum of their logs' eventCount). */
  events: number;
  /** From the first start request to the last event reaching the last viewer. */
  wallMs: number;
  eventsPerSecond: number;
  /** Delivery (append -> viewer) over every live event of every viewer, ms. */
  latency: { p50: number; p99: number; max: number; samples: number };
  /** Seqs of the logs viewers never got, summed over viewers. */
  lost: number;
  /** Receipts of a seq beyond its first, and seqs past a log's end, summed over viewers. */
  repeated: number;
  outOfOrder: number;
  reconnects: number;
  /** Events stamped earlier than the event before them in their run's log (counted once per run, by its first viewer). */
  stampedEarlier: number;
  /** Runs another worker took over (team mode: a lease ran out under load). */
  takeovers: number;
  /** What went wrong, precisely (run, instance, viewer, seqs); empty when nothing did. */
  problems: string[];
}

/** Nothing arriving at any viewer for this long while runs are unfinished: stop waiting and report what is missing. */
const STALL_MS = 30_000;
/** After the logs are final, how long viewers get to receive their last events. */
const DRAIN_MS = 10_000;
const POLL_MS = 50;
/** How long an instance may take to show a run final once its viewers saw the final event. */
const SETTLE_MS = 10_000;
/** Problem lines printed at most (the counts cover all of them). */
const MAX_PROBLEM_LINES = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(url: string, init?: { method: string; body: unknown }): Promise<{ status: number; body: T }> {
  const response = await fetch(
    url,
    init ? { method: init.method, body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : undefined,
  );
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * The run as an instance shows it, once final there (or after SETTLE_MS): an API instance of the
 * team learns of a row's change from a wake-up and reads it a moment later, so right after a viewer
 * saw the final event, the other instance may still show the run running.
 */
async function settledRun(base: string, runId: string): Promise<{ status: string; eventCount: number }> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const { body } = await json<{ run: { status: string; eventCount: number } }>(`${base}/api/runs/${runId}`);
    if (isFinalRunStatus(body.run.status as RunStatus) || Date.now() > deadline) return body.run;
    await sleep(100);
  }
}

interface StartedRun {
  runId: string;
  startedOn: string;
  viewers: Viewer[];
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export async function driveLoad(setup: Setup, options: LoadOptions): Promise<LoadResult> {
  const { apis } = setup;
  const started: StartedRun[] = [];
  const allViewers = () => started.flatMap((r) => r.viewers);
  const t0 = Date.now();
  try {
    // All runs at once, alternately through the instances; each run's viewers as soon as its id is known.
    // allSettled: a start that fails must not leave others opening viewers after the cleanup below.
    const starts = await Promise.allSettled(
      Array.from({ length: options.runs }, async (_, i) => {
        const api = apis[i % apis.length]!;
        const answer = await json<{ runId?: string }>(`${api.base}/api/workflows/${encodeURIComponent(options.workflowId)}/runs`, {
          method: 'POST',
          body: { paceMs: options.paceMs },
        });
        if (answer.status !== 201 || !answer.body.runId) throw new Error(`starting run ${i} on ${api.label}: ${answer.status} ${JSON.stringify(answer.body)}`);
        const run: StartedRun = { runId: answer.body.runId, startedOn: api.label, viewers: [] };
        started.push(run);
        // Viewer j of run i on instance (i + j): half of each run's viewers on the instance that started it.
        const opened = await Promise.allSettled(
          Array.from({ length: options.viewersPerRun }, (_, j) => {
            const on = apis[(i + j) % apis.length]!;
            return openViewer(on.base, run.runId, on.label);
          }),
        );
        for (const o of opened) if (o.status === 'fulfilled') run.viewers.push(o.value);
        const refused = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (refused) throw refused.reason;
      }),
    );
    const failedStart = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failedStart) throw failedStart.reason;

    // Wait for every viewer to see its run end, without polling the servers (that would be load of its own).
    let lastProgress = Date.now();
    let received = 0;
    for (;;) {
      const crash = setup.crashed();
      if (crash) throw new Error(`a process of the ${setup.name} setup stopped during the bench: ${crash}`);
      const viewers = allViewers();
      if (viewers.every((v) => v.finalSeen || v.failure !== undefined)) break;
      const now = viewers.reduce((sum, v) => sum + v.seqs.length, 0);
      if (now !== received) {
        received = now;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > STALL_MS) break;
      await sleep(POLL_MS);
    }

    // The logs as the instances hold them; the viewers then get a moment for anything after the final status.
    const counts = new Map<string, number>();
    const problems: string[] = [];
    for (const run of started) {
      const views = await Promise.all(apis.map(async (api) => ({ api, run: await settledRun(api.base, run.runId) })));
      const first = views[0]!.run;
      for (const view of views) {
        if (view.run.status !== 'completed') problems.push(`run ${run.runId} (started on ${run.startedOn}) is ${view.run.status} on ${view.api.label}`);
        if (view.run.eventCount !== first.eventCount)
          problems.push(`run ${run.runId}: ${views[0]!.api.label} counts ${first.eventCount} events, ${view.api.label} counts ${view.run.eventCount}`);
      }
      counts.set(run.runId, Math.max(...views.map((v) => v.run.eventCount)));
    }
    const drainUntil = Date.now() + DRAIN_MS;
    const complete = () => started.every((run) => run.viewers.every((v) => (v.seqs.at(-1) ?? 0) >= counts.get(run.runId)!));
    while (!complete() && Date.now() < drainUntil) await sleep(POLL_MS);
    const wallMs = Math.max(...allViewers().map((v) => v.lastAt)) - t0;

    let lost = 0;
    let repeated = 0;
    let outOfOrder = 0;
    for (const run of started) {
      run.viewers.forEach((viewer, j) => {
        const check = checkViewer(viewer, counts.get(run.runId)!);
        lost += check.missing.length;
        repeated += check.extra + check.unknown.length;
        outOfOrder += check.outOfOrder;
        const where = `run ${run.runId} (started on ${run.startedOn}, ${counts.get(run.runId)} events), viewer ${j} on ${viewer.instance}`;
        if (check.missing.length > 0) problems.push(`${where}: lost seqs ${seqRanges(check.missing)}`);
        if (check.repeated.length > 0) problems.push(`${where}: repeated seqs ${seqRanges(check.repeated)} (${check.extra} extra receipts)`);
        if (check.unknown.length > 0) problems.push(`${where}: seqs the log does not hold: ${seqRanges(check.unknown)}`);
        if (check.outOfOrder > 0) problems.push(`${where}: ${check.outOfOrder} events out of order`);
        if (viewer.failure !== undefined) problems.push(`${where}: ${viewer.failure}`);
      });
    }
    const latencies = allViewers()
      .flatMap((v) => v.latencies)
      .sort((a, b) => a - b);
    const events = [...counts.values()].reduce((a, b) => a + b, 0);
    return {
      runs: started.length,
      viewers: allViewers().length,
      events,
      wallMs,
      eventsPerSecond: events / (wallMs / 1000),
      latency: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? Number.NaN, samples: latencies.length },
      lost,
      repeated,
      outOfOrder,
      reconnects: allViewers().reduce((sum, v) => sum + v.reconnects, 0),
      stampedEarlier: started.reduce((sum, run) => sum + (run.viewers[0]?.stampedEarlier ?? 0), 0),
      takeovers: started.filter((run) => run.viewers.some((v) => v.takenOver)).length,
      problems: problems.length > MAX_PROBLEM_LINES ? [...problems.slice(0, MAX_PROBLEM_LINES), `… and ${problems.length - MAX_PROBLEM_LINES} more`] : problems,
    };
  } finally {
    for (const viewer of allViewers()) viewer.close();
  }
}
