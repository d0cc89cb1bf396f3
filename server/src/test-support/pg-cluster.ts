// Test-only: a real, throw-away PostgreSQL server for the PostgreSQL mode's tests. It trades every
// durability guarantee for speed (no fsync, no full-page writes): its data lives in a temp folder
// that stop() deletes, so nothing a crash could lose matters.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, accessSync, existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

export interface ThrowawayCluster {
  /** The superuser's URL (database `postgres`): for creating and dropping test databases. */
  url: string;
  port: number;
  /** The temp folder holding the data directory and the unix socket; stop() deletes it. */
  dir: string;
  /** Fast shutdown (open sessions are ended), then deletes `dir`. Safe to call twice. */
  stop(): Promise<void>;
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Ends the database's sessions and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/** The cluster's superuser: trust authentication, so URLs carry no password. */
const SUPERUSER = 'planvas';
/** Debian's PostgreSQL packages put each major version's server binaries here. */
const DEBIAN_ROOT = '/usr/lib/postgresql';
/** Who runs the cluster when we are root: initdb and postgres refuse to run as root. Debian's package creates it. */
const ROOT_RUNS_AS = 'postgres';
/** Slow, busy CI machines: startup (crash-free, tiny cluster) normally takes well under a second. */
const READY_TIMEOUT_MS = 60_000;
const PORT_ATTEMPTS = 5;
const LOG_TAIL_CHARS = 8_000;

const isRoot = (): boolean => process.getuid?.() === 0;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder holding initdb and postgres: PLANVAS_PG_BIN, else the newest Debian install, else
 * initdb's folder on PATH (followed through symlinks, so postgres is found next to it).
 */
export function findPostgresBin(): string | undefined {
  const configured = process.env.PLANVAS_PG_BIN;
  if (configured) return configured;
  return newestDebianBin() ?? binOnPath();
}

function newestDebianBin(): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(DEBIAN_ROOT);
  } catch {
    return undefined;
  }
  const newestFirst = versions.filter((v) => /^\d+(\.\d+)?$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return newestFirst.map((v) => join(DEBIAN_ROOT, v, 'bin')).find((bin) => isExecutable(join(bin, 'initdb')));
}

function binOnPath(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const initdb = dirs.map((dir) => join(dir, 'initdb')).find(isExecutable);
  return initdb ? dirname(realpathSync(initdb)) : undefined;
}

/** `command args` as the cluster's owner would run it. */
function asClusterOwner(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  // setpriv execs the command in place (runuser would fork and stay as a parent), so the pid we
  // hold is postgres's own and the signals stop() sends reach it directly.
  return ['setpriv', [`--reuid=${ROOT_RUNS_AS}`, `--regid=${ROOT_RUNS_AS}`, '--init-groups', '--', command, ...args]];
}

/** The last few thousand characters a process printed: enough to say why PostgreSQL stopped. */
class OutputTail {
  private text = '';

  append(chunk: Buffer | string): void {
    this.text = (this.text + String(chunk)).slice(-LOG_TAIL_CHARS);
  }

  toString(): string {
    return this.text.trim() || '(no output)';
  }
}

/**
 * Spawns `command args` (as the cluster's owner), collecting its output. LC_ALL=C keeps messages
 * in English, so a port clash is recognisable whatever the machine's locale.
 */
function spawnAsOwner(command: string, args: string[], cwd: string): { child: ChildProcess; output: OutputTail } {
  const [file, fileArgs] = asClusterOwner(command, args);
  const child = spawn(file, fileArgs, { cwd, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = new OutputTail();
  child.stdout?.on('data', (d: Buffer) => output.append(d));
  child.stderr?.on('data', (d: Buffer) => output.append(d));
  return { child, output };
}

/** Runs a command to completion, rejecting with its output when it fails. */
function runAsOwner(command: string, args: string[], cwd: string): Promise<void> {
  const { child, output } = spawnAsOwner(command, args, cwd);
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`could not run ${command}: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${output}`))));
  });
}

/** A temp folder the cluster's owner may write (mkdtemp makes it 0700 and ours). */
async function makeClusterFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'planvas-pg-'));
  if (isRoot()) await runAsRoot('chown', ['-R', `${ROOT_RUNS_AS}:`, dir]);
  return dir;
}

function runAsRoot(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const output = new OutputTail();
    child.stderr.on('data', (d: Buffer) => output.append(d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`))));
  });
}

function initCluster(bin: string, dir: string): Promise<void> {
  // --locale=C: the same collation on every machine, and no clash between a UTF8 cluster and a
  // non-UTF8 LANG. --no-sync: nothing needs to survive a crash.
  const args = ['-D', join(dir, 'data'), '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'];
  return runAsOwner(join(bin, 'initdb'), args, dir);
}

/** A port nothing listens on right now (another process may still take it before postgres does: see PORT_ATTEMPTS). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function serverSettings(dir: string, port: number): Record<string, string> {
  return {
    // Only loopback TCP: trust authentication must not be reachable from elsewhere.
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    // A test run holds several API instances and workers at once, each with its own pool.
    max_connections: '300',
    shared_buffers: '32MB',
  };
}

function serverArgs(dir: string, port: number): string[] {
  const settings = Object.entries(serverSettings(dir, port)).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return ['-D', join(dir, 'data'), ...settings];
}

/** Also true when the spawn itself failed: such a child never gets a pid. */
const hasExited = (child: ChildProcess): boolean => child.pid === undefined || child.exitCode !== null || child.signalCode !== null;

/** Tries one connection; returns why it failed, or undefined once the server answers queries. */
async function connectionProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A refused or reset connection can also arrive as an 'error' event; the awaited calls report it.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Polls until postgres takes connections; rejects if it exits first or never does. */
async function waitUntilAccepting(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited(child)) throw new Error(`postgres exited (${child.exitCode ?? child.signalCode}) before it accepted connections`);
    const problem = await connectionProblem(url);
    if (problem === undefined) return;
    if (Date.now() > deadline) throw new Error(`postgres did not accept connections within ${READY_TIMEOUT_MS} ms (last: ${problem})`);
    await delay(100);
  }
}

/** Resolves once the child has exited, or after `ms` with false. */
async function exitedWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return true;
  const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(true)));
  const controller = new AbortController();
  const timedOut = delay(ms, false, { signal: controller.signal }).catch(() => false);
  const result = await Promise.race([exited, timedOut]);
  controller.abort();
  return result;
}

/**
 * SIGINT is PostgreSQL's fast shutdown (sessions are ended, no waiting for clients to leave);
 * SIGQUIT, immediate shutdown, and SIGKILL are only for a server that does not stop.
 */
async function stopServer(child: ChildProcess): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ];
  for (const [signal, waitMs] of steps) {
    if (hasExited(child)) return;
    child.kill(signal);
    if (await exitedWithin(child, waitMs)) return;
  }
}

/**
 * If this process ends without stop() (a crash, process.exit), still take the server and its
 * files away. Exit handlers must be synchronous, so this polls for postmaster.pid, which
 * PostgreSQL removes as it exits, instead of awaiting the child. Returns the unregister function.
 */
function stopOnProcessExit(child: ChildProcess, dir: string): () => void {
  const onExit = () => {
    if (!hasExited(child)) child.kill('SIGQUIT');
    const pidFile = join(dir, 'data', 'postmaster.pid');
    const deadline = Date.now() + 5_000;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (existsSync(pidFile) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return () => process.off('exit', onExit);
}

const isPortClash = (log: string): boolean => /could not bind|address already in use|could not create any TCP\/IP sockets/i.test(log);

/** One try at running postgres on `port`; rejects with its log when it does not come up. */
async function startServer(bin: string, dir: string, port: number): Promise<ThrowawayCluster> {
  const { child, output } = spawnAsOwner(join(bin, 'postgres'), serverArgs(dir, port), dir);
  const spawnFailure = new Promise<never>((_, reject) => child.once('error', reject));
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  try {
    await Promise.race([waitUntilAccepting(url, child), spawnFailure]);
  } catch (error) {
    await stopServer(child);
    throw new ServerStartError(error, String(output));
  }
  const forgetExit = stopOnProcessExit(child, dir);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await stopServer(child);
      forgetExit();
      await rm(dir, { recursive: true, force: true });
    })());
  return { url, port, dir, stop };
}

class ServerStartError extends Error {
  constructor(
    cause: unknown,
    readonly log: string,
  ) {
    super(`${cause instanceof Error ? cause.message : String(cause)}\n--- postgres log (tail) ---\n${log}`, { cause });
  }
}

/** Starts postgres on a free port, trying again with another port when one was taken meanwhile. */
async function startOnFreePort(bin: string, dir: string): Promise<ThrowawayCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(bin, dir, await freePort());
    } catch (error) {
      const clash = error instanceof ServerStartError && isPortClash(error.log);
      if (!clash || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * initdb's a cluster in a new temp folder and starts it on a free loopback port. Throws (with the
 * server's log) and deletes the folder when PostgreSQL is missing or does not come up.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`No PostgreSQL found: install Debian's postgresql package or set PLANVAS_PG_BIN to the folder holding initdb and postgres.`);
  const dir = await makeClusterFolder();
  try {
    await initCluster(bin, dir);
    return await startOnFreePort(bin, dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs `use` on a client connected to `url`, ended after (tests' one-off queries). */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A database of its own (on the cluster `adminUrl` names), so test files never see each other's tables. */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `planvas_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return { name, url: url.toString(), drop: () => (dropping ??= dropDatabase(adminUrl, name)) };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    // A pool the test left open would make DROP fail with "being accessed by other users".
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    // FORCE (PostgreSQL 13+) also ends sessions a pool opened again since the line above.
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}
