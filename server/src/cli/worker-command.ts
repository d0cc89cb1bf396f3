import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../app';
import { parseStartArgs, teamOptionsOf, UsageError, type StartOptions } from '../start-options';
import { CommandError, type CommandIo } from './migrate-command';
import { DEFAULT_CONCURRENCY } from '../engine/cluster/run-worker';

export const WORKER_USAGE = `usage: pnpm planvas worker -- --database-url URL --workspace DIR [--concurrency N] [--lease-ms MS]

  Drives queued runs of a team (docs/team.md): claims runs the API instances queued in the
  database, holds each by a lease it renews, and takes over the runs of a worker that died.
  --database-url URL   the team's PostgreSQL database (or PLANVAS_DATABASE_URL)
  --workspace DIR      the workspace the API instances serve (the same folder, shared)
  --concurrency N      runs driven at once (default 4)
  --lease-ms MS        lease length (default 10000): a dead worker's runs move on after it`;

/**
 * `pnpm planvas worker`: a planvas instance without a web app that only drives runs. It listens
 * on a loopback port of its own for the learn_code fast path's callbacks (nothing else is meant
 * to call it), and stops on SIGINT/SIGTERM (the runs it drives are cancelled, as a server's are).
 */
export async function runWorker(args: ReadonlyArray<string>, io: CommandIo): Promise<void> {
  let options: StartOptions;
  try {
    options = parseStartArgs(['--port', '0', '--no-open', ...args.filter((a) => a !== '--')], process.env);
  } catch (error) {
    if (error instanceof UsageError) throw new CommandError(`${error.message}\n\n${WORKER_USAGE}`, 2);
    throw error;
  }
  if (!options.databaseUrl) throw new CommandError(`--database-url (or PLANVAS_DATABASE_URL) is required\n\n${WORKER_USAGE}`, 2);
  if (!options.workspace) throw new CommandError(`--workspace DIR is required\n\n${WORKER_USAGE}`, 2);
  const workspace = resolve(io.cwd, options.workspace);
  if (!(await stat(workspace).catch(() => undefined))?.isDirectory()) throw new CommandError(`workspace ${workspace} is not a folder`);

  const app = await buildApp({
    workspaceRoot: workspace,
    // Team mode keeps no state files; the folder only names where server paths are redacted from.
    dataDir: options.dataDir ? resolve(io.cwd, options.dataDir) : join(tmpdir(), 'planvas-worker'),
    host: '127.0.0.1',
    logger: 'warn',
    team: { ...teamOptionsOf(options), execute: true },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  io.out(`planvas worker ${app.runWorker?.id ?? ''} is taking runs (${options.concurrency ?? DEFAULT_CONCURRENCY} at once) for ${workspace}`);
  await new Promise<void>((done) => {
    const stop = () => void app.close().then(done, done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
