import { availableParallelism } from 'node:os';
import { findPostgresBin } from '../src/test-support/pg-cluster';
import { benchSize, isQuickBench, measured } from './bench-runner';
import { cpuSeconds, cpuUsed } from './team-cpu';
import { driveLoad, type LoadOptions, type LoadResult } from './team-load';
import { BENCH_WORKFLOW, startEmbedded, startTeam, type Setup } from './team-setups';

/**
 * Team mode against the embedded default, side by side in one run, every server a real process:
 * - embedded (baseline): one instance on files, driving its runs itself;
 * - team: a throw-away PostgreSQL, 2 API instances (--no-execute) and 2 workers.
 * In each, RUNS scripted runs start at once (alternately through the API instances) and each has
 * VIEWERS_PER_RUN SSE viewers, spread over the instances. Measured: events/s (all runs' events
 * over the time from the first start to the last event reaching the last viewer), delivery
 * latency (event timestamp -> viewer), and every viewer's seqs against the run's log.
 * Goal (issue): team >= 0.8x the embedded events/s, with no event lost or repeated. A lost or
 * repeated event fails the bench (quick mode too: it is a correctness check); the ratio does not.
 */
const RUNS = Number(process.env['PLANVAS_BENCH_TEAM_RUNS'] ?? benchSize(50, 6));
const VIEWERS_PER_RUN = Number(process.env['PLANVAS_BENCH_TEAM_VIEWERS_PER_RUN'] ?? benchSize(10, 5));
/** The scripted provider's pause before each action: small, so the servers, not the pacing, set the rate. */
const PACE_MS = Number(process.env['PLANVAS_BENCH_TEAM_PACE_MS'] ?? 10);
/** Routes of the bench workflow's todo_task step: how long a run is. */
const ROUTES = Number(process.env['PLANVAS_BENCH_TEAM_ROUTES'] ?? benchSize(30, 6));
/** Runs per worker: all of them at once across the two. */
const WORKER_CONCURRENCY = Math.ceil(RUNS / 2);
const GOAL_RATIO = 0.8;
/**
 * Rounds of embedded-then-team: this machine's load swings the embedded figure alone by 2x from
 * one run to the next, so the table shows each setup's median round and every round's ratio.
 */
const ROUNDS = Number(process.env['PLANVAS_BENCH_TEAM_ROUNDS'] ?? benchSize(3, 1));
const WARM_UP = !isQuickBench();

/** A figure for the table; `n/a` for one this machine cannot give (CPU times without /proc). */
const fmt = (n: number, digits = 1) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

interface Measured extends LoadResult {
  /** CPU seconds the server processes used during the load, by role (undefined without /proc). */
  serverCpu: Map<string, number> | undefined;
  /** CPU seconds this process (the viewers and the load's requests) used meanwhile. */
  viewerCpu: number;
}

/** Starts a setup, warms it (first requests load code lazily), measures, and always closes it. */
async function measure(start: () => Promise<Setup>): Promise<Measured> {
  const setup = await start();
  try {
    const options: LoadOptions = { workflowId: BENCH_WORKFLOW, runs: RUNS, viewersPerRun: VIEWERS_PER_RUN, paceMs: PACE_MS };
    // Runs on every instance and worker, so no process meets its first run while measured.
    if (WARM_UP) await driveLoad(setup, { ...options, runs: 4, viewersPerRun: 2, paceMs: 0 });
    const cpuBefore = cpuSeconds(setup.processes);
    const ownBefore = process.cpuUsage();
    const result = await driveLoad(setup, options);
    const own = process.cpuUsage(ownBefore);
    return { ...result, serverCpu: cpuUsed(cpuBefore, cpuSeconds(setup.processes)), viewerCpu: (own.user + own.system) / 1e6 };
  } finally {
    await setup.close();
  }
}

/** The round whose events/s is the median of the setup's rounds. */
function medianRound(rounds: Measured[]): Measured {
  return [...rounds].sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[Math.floor((rounds.length - 1) / 2)]!;
}

const total = (cpu: Map<string, number> | undefined) => (cpu ? [...cpu.values()].reduce((a, b) => a + b, 0) : Number.NaN);

export async function run(): Promise<void> {
  if (findPostgresBin() === undefined) {
    const why = 'no PostgreSQL server binaries found (install the postgresql package or set PLANVAS_PG_BIN)';
    if (process.env['CI']) throw new Error(`team bench: ${why}; CI must run it`);
    console.log(`team bench skipped: ${why}`);
    return;
  }
  const rounds: Array<{ embedded: Measured; team: Measured }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({ embedded: await measure(() => startEmbedded(ROUTES)), team: await measure(() => startTeam(ROUTES, WORKER_CONCURRENCY)) });
  }
  const embedded = medianRound(rounds.map((r) => r.embedded));
  const team = medianRound(rounds.map((r) => r.team));
  for (const [name, r] of Object.entries({ embedded, team })) {
    measured(`events/s, ${name}`, r.eventsPerSecond, { positive: true });
    measured(`p50 ms, ${name}`, r.latency.p50);
    measured(`p99 ms, ${name}`, r.latency.p99);
  }

  const ratio = team.eventsPerSecond / embedded.eventsPerSecond;
  const row = (label: string, of: (r: Measured) => string, compare = '', goal = '') => ({
    [label]: { embedded: of(embedded), team: of(team), 'team / embedded': compare, goal },
  });
  console.log(
    `${availableParallelism()} cores; ${RUNS} scripted runs at once (${ROUTES} routes, paceMs ${PACE_MS}), ${RUNS * VIEWERS_PER_RUN} SSE viewers (${VIEWERS_PER_RUN} a run); ` +
      `embedded: 1 instance; team: PostgreSQL, 2 API instances (--no-execute) + 2 workers (${WORKER_CONCURRENCY} runs each), runs and viewers spread over both`,
  );
  console.table({
    ...row('events (all runs)', (r) => r.events.toLocaleString('en-US')),
    ...row('wall s (first start -> last delivery)', (r) => fmt(r.wallMs / 1000, 2)),
    ...row('events/s', (r) => fmt(r.eventsPerSecond, 0), `${fmt(ratio, 2)}x`, `>= ${GOAL_RATIO}x`),
    ...row('deliveries/s (events x viewers)', (r) => fmt((r.events * VIEWERS_PER_RUN) / (r.wallMs / 1000), 0)),
    ...row('delivery p50 ms', (r) => fmt(r.latency.p50, 0), `${fmt(team.latency.p50 / Math.max(1, embedded.latency.p50), 1)}x`),
    ...row('delivery p99 ms', (r) => fmt(r.latency.p99, 0), `${fmt(team.latency.p99 / Math.max(1, embedded.latency.p99), 1)}x`),
    ...row('delivery max ms', (r) => fmt(r.latency.max, 0)),
    ...row('live deliveries timed', (r) => r.latency.samples.toLocaleString('en-US')),
    ...row('lost', (r) => String(r.lost), '', '0'),
    ...row('repeated', (r) => String(r.repeated), '', '0'),
    ...row('out of order', (r) => String(r.outOfOrder), '', '0'),
    ...row('server CPU s (all server processes)', (r) => fmt(total(r.serverCpu), 1)),
    ...row('server CPU ms / event', (r) => fmt((total(r.serverCpu) * 1000) / r.events, 2), `${fmt(total(team.serverCpu) / total(embedded.serverCpu), 1)}x`),
    ...row("viewers' CPU s (this process)", (r) => fmt(r.viewerCpu, 1)),
    ...row('events stamped before the previous one', (r) => r.stampedEarlier.toLocaleString('en-US')),
    ...row('viewer reconnects', (r) => String(r.reconnects)),
    ...row('runs taken over by another worker', (r) => String(r.takeovers)),
  });
  console.log(
    'Delivery: from the event timestamp (set when appended; by the worker in team mode) to its arrival at a viewer, same clock; events appended before a viewer connected (read from the log) are not timed.',
  );
  console.log(
    'Events are stamped when emitted (both modes), so delivery includes any wait for the database; a count above 0 in the stamped-before row means stamps went backwards within a run.',
  );
  if (team.serverCpu) {
    console.log(`team CPU by role: ${[...team.serverCpu].map(([role, seconds]) => `${role} ${fmt(seconds, 1)} s`).join(', ')}`);
  }
  if (rounds.length > 1) {
    const each = rounds.map(
      (r) => `${fmt(r.team.eventsPerSecond, 0)} / ${fmt(r.embedded.eventsPerSecond, 0)} = ${fmt(r.team.eventsPerSecond / r.embedded.eventsPerSecond, 2)}x`,
    );
    console.log(`events/s by round (team / embedded): ${each.join('; ')}; the table shows each setup's median round`);
  }
  console.log(
    `goal ${ratio >= GOAL_RATIO ? 'MET' : 'NOT MET'}: team ${fmt(team.eventsPerSecond, 0)} events/s = ${fmt(ratio, 2)}x embedded ${fmt(embedded.eventsPerSecond, 0)} (goal >= ${GOAL_RATIO}x)`,
  );
  const all = rounds.flatMap(
    (r) =>
      [
        ['embedded', r.embedded],
        ['team', r.team],
      ] as const,
  );
  for (const name of ['embedded', 'team'] as const) {
    const of = all.filter(([n]) => n === name).map(([, r]) => r);
    const sum = (pick: (r: Measured) => number) => of.reduce((n, r) => n + pick(r), 0);
    const outOfOrder = sum((r) => r.outOfOrder);
    console.log(
      `${name} (all rounds): lost: ${sum((r) => r.lost)}, repeated: ${sum((r) => r.repeated)}${outOfOrder > 0 ? `, out of order: ${outOfOrder}` : ''}`,
    );
  }
  const problems = all.flatMap(([name, r]) => r.problems.map((p) => `${name}: ${p}`));
  if (problems.length > 0) throw new Error(`events lost, repeated or runs not completed:\n  ${problems.join('\n  ')}`);
}
