// The team bench's two setups, each real processes as deployed: one embedded instance (files,
// drives its own runs), or a throw-away PostgreSQL with two API instances (--no-execute) and two
// workers. Both on a fresh copy of the fixture workspace plus the bench's workflow.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyFixtureWorkspace, type TempWorkspace } from '../src/test-support/fixture-workspace';
import { createTestDatabase, startThrowawayCluster, type TestDatabase, type ThrowawayCluster } from '../src/test-support/pg-cluster';
import { startTsx, type Running } from '../src/test-support/run-process';

export const BENCH_WORKFLOW = 'Bench/Team';
const API_READY = /running at (http:\/\/[^/\s]+)/;
const WORKER_READY = /worker (\S+) is taking runs/;

export interface Setup {
  name: string;
  /** API instances: base URL and label (`embedded`, or `A` and `B`). */
  apis: Array<{ base: string; label: string }>;
  /** The server processes, labelled by role (several may share a label), for their CPU time. */
  processes: Array<{ label: string; pid: number }>;
  /** A process that exited while the setup was in use, with its output (undefined while all run). */
  crashed(): string | undefined;
  close(): Promise<void>;
}

/**
 * A todo_task step with `routes` predefined routes (the scripted provider plans one todo per
 * route, two sub-todos on the first, and delegates them one a turn), each sub-agent writing its
 * own file; then a regular step. No human input: a run goes from start to end on its own.
 */
async function writeBenchWorkflow(root: string, routes: number): Promise<void> {
  const dir = join(root, BENCH_WORKFLOW, 'planning');
  await mkdir(dir, { recursive: true });
  const predefined = Array.from({ length: routes }, (_, i) => ({
    route_id: `r${i + 1}`,
    route_name: `Route ${i + 1}`,
    condition: `When part ${i + 1} needs doing`,
    sub_agent_step: { type: 'regular', id: `agent-${i + 1}`, title: `Agent ${i + 1}`, description: `Write part ${i + 1}`, context_output: `part${i + 1}.md` },
  }));
  const plan = {
    objective: 'Team bench: many small parts, then a summary',
    steps: [
      {
        type: 'todo_task',
        id: 'work',
        title: 'Work',
        description: 'Do every part',
        context_output: 'result.json',
        validation_schema: { files: [{ file_name: 'result.json', must_exist: true }] },
        predefined_routes: predefined,
        enable_generic_agent: false,
      },
      {
        type: 'regular',
        id: 'summary',
        title: 'Summary',
        description: 'Summarise the parts',
        context_dependencies: ['result.json'],
        context_output: 'summary.md',
      },
    ],
  };
  await writeFile(join(dir, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  await writeFile(
    join(dir, 'step_config.json'),
    `${JSON.stringify({ steps: [{ id: 'work', agent_configs: { execution_max_turns: routes * 3 + 10 } }] }, null, 2)}\n`,
  );
}

/** Notes the first process of `processes` to exit (none should, until close()). */
function watchForCrashes(processes: ReadonlyArray<{ label: string; running: Running }>): { crashed(): string | undefined; closing(): void } {
  let closing = false;
  let crash: string | undefined;
  for (const { label, running } of processes) {
    running.child.once('exit', (code, signal) => {
      if (!closing && crash === undefined) crash = `${label} exited (${code ?? signal}):\n${running.output().slice(-4000)}`;
    });
  }
  return { crashed: () => crash, closing: () => (closing = true) };
}

/**
 * Starts every process at once; if one fails to start, stops those that did and rethrows. The
 * processes are returned in the order given.
 */
async function startAll(
  specs: Array<{ label: string; start: () => ReturnType<typeof startTsx> }>,
): Promise<Array<{ label: string; running: Running; match: string }>> {
  const settled = await Promise.allSettled(specs.map((s) => s.start()));
  const started = settled.flatMap((r, i) => (r.status === 'fulfilled' ? [{ label: specs[i]!.label, running: r.value, match: r.value.match[1]! }] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((p) => p.running.stop()));
    throw failed.reason;
  }
  return started;
}

export async function startEmbedded(routes: number): Promise<Setup> {
  const ws = await copyFixtureWorkspace();
  try {
    await writeBenchWorkflow(ws.root, routes);
    const [instance] = await startAll([
      {
        label: 'embedded instance',
        start: () => startTsx('src/main.ts', ['--workspace', ws.root, '--data-dir', ws.dataDir, '--port', '0', '--no-open'], API_READY),
      },
    ]);
    const watch = watchForCrashes([instance!]);
    return {
      name: 'embedded',
      apis: [{ base: instance!.match, label: 'embedded' }],
      processes: [{ label: 'embedded instance', pid: instance!.running.child.pid! }],
      crashed: watch.crashed,
      close: async () => {
        watch.closing();
        try {
          await instance!.running.stop();
        } finally {
          await ws.cleanup();
        }
      },
    };
  } catch (error) {
    await ws.cleanup();
    throw error;
  }
}

/** The postmaster's pid, which PostgreSQL writes on the first line of postmaster.pid. */
async function postmasterPid(cluster: ThrowawayCluster): Promise<number> {
  return Number((await readFile(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Undoes what was set up so far, in reverse, whatever fails on the way. */
async function undo(steps: Array<() => Promise<unknown>>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of [...steps].reverse()) await step().catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw new AggregateError(errors, `cleanup failed: ${errors.map(String).join('; ')}`);
}

export async function startTeam(routes: number, concurrency: number): Promise<Setup> {
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    const ws: TempWorkspace = await copyFixtureWorkspace();
    cleanup.push(() => ws.cleanup());
    await writeBenchWorkflow(ws.root, routes);
    const cluster: ThrowawayCluster = await startThrowawayCluster();
    cleanup.push(() => cluster.stop());
    const db: TestDatabase = await createTestDatabase(cluster.url);
    cleanup.push(() => db.drop());
    const common = ['--workspace', ws.root, '--database-url', db.url, '--port', '0', '--no-open', '--no-execute'];
    const worker = ['worker', '--database-url', db.url, '--workspace', ws.root, '--concurrency', String(concurrency)];
    const processes = await startAll([
      { label: 'API instance A', start: () => startTsx('src/main.ts', [...common, '--data-dir', `${ws.dataDir}-a`], API_READY) },
      { label: 'API instance B', start: () => startTsx('src/main.ts', [...common, '--data-dir', `${ws.dataDir}-b`], API_READY) },
      { label: 'worker 1', start: () => startTsx('src/cli.ts', worker, WORKER_READY) },
      { label: 'worker 2', start: () => startTsx('src/cli.ts', worker, WORKER_READY) },
    ]);
    // Processes stop before the database goes, and the database before the cluster.
    cleanup.push(() => Promise.all(processes.map((p) => p.running.stop())));
    const watch = watchForCrashes(processes);
    return {
      name: 'team',
      apis: [
        { base: processes[0]!.match, label: 'A' },
        { base: processes[1]!.match, label: 'B' },
      ],
      processes: [
        ...processes.map((p) => ({ label: p.label.startsWith('API') ? 'API instances' : 'workers', pid: p.running.child.pid! })),
        { label: 'PostgreSQL', pid: await postmasterPid(cluster) },
      ],
      crashed: watch.crashed,
      close: () => {
        watch.closing();
        return undo(cleanup);
      },
    };
  } catch (error) {
    // The reason it did not start matters more than a cleanup that failed after it.
    await undo(cleanup).catch(() => undefined);
    throw error;
  }
}
