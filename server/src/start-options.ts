import { isIPv6 } from 'node:net';
import { DEFAULT_HOST, DEFAULT_PORT, type TeamOptions } from './app';

export interface StartOptions {
  workspace?: string;
  port: number;
  host: string;
  token?: string;
  /** Host names to answer besides the loopback names and the bind address (--allowed-host, PLANVAS_ALLOWED_HOSTS). */
  allowedHosts?: string[];
  dataDir?: string;
  open: boolean;
  /** Team mode: the PostgreSQL database (--database-url, PLANVAS_DATABASE_URL). */
  databaseUrl?: string;
  /** Team mode: drive queued runs in this process (false with --no-execute: an API instance that only enqueues). */
  execute: boolean;
  /** Team mode: runs driven at once by this process (--concurrency). */
  concurrency?: number;
  /** Team mode: how long a worker's lease lasts without renewal (--lease-ms; default 10 s). */
  leaseMs?: number;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const START_USAGE = `usage: pnpm start [--] [--workspace DIR] [--port N] [--host H] [--token T] [--allowed-host NAME]... [--data-dir D] [--no-open]

  --workspace DIR      workspace root holding workflow folders (default: a writable copy of the demo workspace)
  --port N             port to listen on (default ${DEFAULT_PORT})
  --host H             address to bind (default ${DEFAULT_HOST}); any non-loopback address needs a token
  --token T            access token every API request must carry (or set PLANVAS_TOKEN)
  --allowed-host NAME  a Host name to answer besides localhost and the bind address, e.g. planvas.lan
                       (repeatable; or PLANVAS_ALLOWED_HOSTS=a,b)
  --data-dir D         where planvas keeps its own state (default: <repo>/.planvas/data/<workspace>)
  --no-open            do not open a browser

team mode (docs/team.md):
  --database-url URL   keep runs, events, state and the run queue in PostgreSQL (or PLANVAS_DATABASE_URL)
  --no-execute         only enqueue runs; workers (pnpm planvas worker) drive them
  --concurrency N      runs this process drives at once (default 4)
  --lease-ms MS        a worker's lease; a dead worker's runs move on after it (default 10000)`;

/** The flags that take any text, and the option each sets. */
const TEXT_FLAGS: ReadonlyMap<string, 'workspace' | 'dataDir' | 'host' | 'token' | 'databaseUrl'> = new Map([
  ['--database-url', 'databaseUrl'],
  ['--workspace', 'workspace'],
  ['--data-dir', 'dataDir'],
  ['--host', 'host'],
  ['--token', 'token'],
]);

/**
 * Parses the server's flags. pnpm passes `pnpm start -- --port 5000` through with the `--`, so a
 * `--` anywhere is skipped; `--flag=value` works as well as `--flag value`.
 */
export function parseStartArgs(argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}): StartOptions {
  const options: StartOptions = { port: DEFAULT_PORT, host: DEFAULT_HOST, open: true, execute: true };
  const args = argv.filter((a) => a !== '--');
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${name} needs a value`);
      i++;
      return next;
    };
    const textOption = TEXT_FLAGS.get(name);
    if (textOption !== undefined) {
      options[textOption] = value();
      continue;
    }
    switch (name) {
      case '--allowed-host':
        (options.allowedHosts ??= []).push(allowedHostName(value(), '--allowed-host'));
        break;
      case '--no-open':
        options.open = false;
        break;
      case '--no-execute':
        options.execute = false;
        break;
      case '--concurrency':
        options.concurrency = positiveInteger(value(), name, 1000);
        break;
      case '--lease-ms':
        options.leaseMs = positiveInteger(value(), name, 3_600_000);
        break;
      case '--port': {
        const raw = value();
        const port = Number(raw);
        if (!/^\d+$/.test(raw) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535 (got "${raw}")`);
        options.port = port;
        break;
      }
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (options.token === undefined && env.PLANVAS_TOKEN) options.token = env.PLANVAS_TOKEN;
  if (options.databaseUrl === undefined && env.PLANVAS_DATABASE_URL) options.databaseUrl = env.PLANVAS_DATABASE_URL;
  if (options.databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(options.databaseUrl)) throw new UsageError('--database-url must be a postgres:// URL');
  if (options.databaseUrl === undefined && (!options.execute || options.concurrency !== undefined || options.leaseMs !== undefined))
    throw new UsageError('--no-execute, --concurrency and --lease-ms need --database-url (team mode)');
  if (options.token !== undefined && options.token.length === 0) throw new UsageError('--token must not be empty');
  const fromEnv = (env.PLANVAS_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of fromEnv) (options.allowedHosts ??= []).push(allowedHostName(name, 'PLANVAS_ALLOWED_HOSTS'));
  return options;
}

function positiveInteger(raw: string, flag: string, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max} (got "${raw}")`);
  return value;
}

/**
 * A host name or IP address as a Host header names it, lower-cased, an IPv6 address in brackets.
 * No port (the server's own port is checked anyway), no scheme, no wildcard: a pattern would let
 * an attacker's name match.
 */
function allowedHostName(raw: string, source: string): string {
  const name = raw.trim().toLowerCase();
  const unbracketed = name.replace(/^\[(.*)\]$/, '$1');
  if (isIPv6(unbracketed)) return `[${unbracketed}]`;
  if (/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(name) && name.length <= 253) return name;
  throw new UsageError(`${source}: "${raw}" is not a host name or IP address (no scheme, port or wildcard)`);
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Why the server must not start as configured, or undefined when it may. */
export function exposureProblem(options: Pick<StartOptions, 'host' | 'token'>): string | undefined {
  if (isLoopbackHost(options.host) || options.token) return undefined;
  return (
    `refusing to listen on ${options.host} without an access token: anyone who can reach this address could ` +
    `read and change your workflow files. Pass --token <secret> (or set PLANVAS_TOKEN), or keep the default --host ${DEFAULT_HOST}.`
  );
}

/** The team options of buildApp from the parsed flags (only with a database URL). */
export function teamOptionsOf(options: StartOptions): TeamOptions {
  return {
    databaseUrl: options.databaseUrl!,
    execute: options.execute,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
  };
}
