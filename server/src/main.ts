import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { allowedHostNames } from './plugins/allowed-host-names';
import { START_USAGE, UsageError, exposureProblem, isLoopbackHost, parseStartArgs, teamOptionsOf, type StartOptions } from './start-options';
import { DEFAULT_CONCURRENCY } from './engine/cluster/run-worker';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE_WORKSPACE = join(REPO_ROOT, 'fixtures/workspace');
/** planvas' own folder (gitignored): the demo copy and the data folders. PLANVAS_HOME moves it (tests). */
const PLANVAS_HOME = process.env.PLANVAS_HOME ? resolve(process.env.PLANVAS_HOME) : join(REPO_ROOT, '.planvas');
const DEMO_WORKSPACE = join(PLANVAS_HOME, 'demo-workspace');
/** The built web app; PLANVAS_WEB_DIST serves another build (`pnpm bench` serves its dagre baseline copy). */
const WEB_DIST = process.env.PLANVAS_WEB_DIST ? resolve(process.env.PLANVAS_WEB_DIST) : join(REPO_ROOT, 'web/dist');

/** pnpm runs scripts inside the package folder; paths the user typed are relative to where they typed them. */
const userCwd = () => process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<void> {
  let options: StartOptions;
  try {
    options = parseStartArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(`planvas: ${error.message}\n`);
      console.error(START_USAGE);
      process.exit(error.message ? 2 : 0);
    }
    throw error;
  }
  const refusal = exposureProblem(options);
  if (refusal) fail(refusal);

  const workspace = options.workspace ? resolve(userCwd(), options.workspace) : await ensureDemoWorkspace();
  const info = await stat(workspace).catch(() => undefined);
  if (!info?.isDirectory()) fail(`workspace ${workspace} is not a folder`);
  if (existsSync(join(workspace, 'planning', 'plan.json'))) {
    console.warn(`planvas: ${workspace} is itself a workflow; pass the folder that holds your workflow folders (e.g. its parent).`);
  }
  const dataDir = options.dataDir ? resolve(userCwd(), options.dataDir) : defaultDataDir(workspace);
  const webDist = existsSync(join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined;

  const app = await buildApp({
    workspaceRoot: workspace,
    dataDir,
    host: options.host,
    // Failures only: a person at a terminal wants the URL, not a line per request.
    logger: 'warn',
    ...(options.port !== 0 ? { port: options.port } : {}),
    ...(options.token ? { accessToken: options.token } : {}),
    ...(webDist ? { webDist } : {}),
    // The bind address is allowed as a Host name by buildApp itself; these are the user's extra names.
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(options.databaseUrl ? { team: teamOptionsOf(options) } : {}),
  });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${options.port} on ${options.host} is already in use; pass --port N to use another one`);
    if (code === 'EADDRNOTAVAIL') fail(`cannot listen on ${options.host}: no such address on this machine`);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}/`;
  // One write, so a reader that sees the first line sees the whole banner.
  const banner = [
    `planvas is running at ${url}`,
    `  workspace: ${workspace}`,
    options.databaseUrl ? `  team mode: runs and state in PostgreSQL; ${teamRole(options)}` : `  data:      ${dataDir}`,
    ...(options.token ? [`  access token required; open ${url}?token=<your token>`] : []),
    // Beyond loopback, say which names the browser may use: any other gets 403 (add one with --allowed-host).
    ...(!isLoopbackHost(options.host) || options.allowedHosts
      ? [`  host names: ${[...allowedHostNames(options.host, options.allowedHosts)].join(', ')} (more with --allowed-host NAME)`]
      : []),
    ...(!webDist ? ['  web app not built (run `pnpm build`): serving the API only'] : []),
  ];
  console.log(banner.join('\n'));
  if (options.open && webDist) openBrowser(url);

  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** What an instance of a team does with runs (its banner line). */
function teamRole(options: StartOptions): string {
  return options.execute
    ? `this instance also drives queued runs (${options.concurrency ?? DEFAULT_CONCURRENCY} at once)`
    : 'this instance only enqueues runs (--no-execute)';
}

/** A writable copy of the bundled demo, made once: the fixtures themselves are never edited. */
async function ensureDemoWorkspace(): Promise<string> {
  if (existsSync(DEMO_WORKSPACE)) return DEMO_WORKSPACE;
  await mkdir(dirname(DEMO_WORKSPACE), { recursive: true });
  const partial = `${DEMO_WORKSPACE}.partial-${process.pid}`;
  await cp(FIXTURE_WORKSPACE, partial, { recursive: true });
  try {
    await rename(partial, DEMO_WORKSPACE);
  } catch (error) {
    // Another start made the copy first: use theirs.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(DEMO_WORKSPACE)) throw error;
  }
  return DEMO_WORKSPACE;
}

/** One data folder per workspace root, so two workspaces never share view settings or runs. */
function defaultDataDir(workspace: string): string {
  const hash = createHash('sha256').update(workspace).digest('hex').slice(0, 10);
  const name = basename(workspace).replace(/[^A-Za-z0-9._-]/g, '_') || 'workspace';
  return join(PLANVAS_HOME, 'data', `${name}-${hash}`);
}

function openBrowser(url: string): void {
  // Only for a person at a terminal: CI, e2e runs and pipes get no browser windows.
  if (!process.stdout.isTTY || process.env.CI) return;
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the URL is printed above.
  }
}

function fail(message: string): never {
  console.error(`planvas: ${message}`);
  process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
