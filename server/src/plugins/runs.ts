import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RunEngine } from '../engine/run-engine';
import type { EngineOptions } from '../engine/engine-options';
import type { ProviderFactory } from '../engine/providers/create-provider';
import { resolveHeartbeatMs } from '../http/sse';
import { viewerRegistryOf, type SseLimits, type ViewerRegistry } from '../http/sse-viewers';
import { FileRunStore } from '../runs/file-run-store';
import { PgRunStore } from '../runs/pg-run-store';
import { RunCommands } from '../engine/cluster/run-commands';
import { RunQueue } from '../engine/cluster/run-queue';
import { RunWorker } from '../engine/cluster/run-worker';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { RunStore } from '../runs/run-store';
import { WorkflowManagement } from '../runs/workflow-management';
import { knownServerFolders, serverPathRedactor } from './server-path-redaction';
import { ownEntry } from '../state/own-keys';
import { Breakpoints } from '@planvas/shared';

export interface RunsOptions {
  /** Provider factory (tests inject failing or slow providers). */
  providers?: ProviderFactory;
  /** Engine defaults (timeouts, caps, default pace). */
  engine?: Partial<EngineOptions>;
  /** SSE heartbeat interval; at most 15 s (default 10 s, or PLANVAS_SSE_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** How long run index updates may be merged (default 250 ms). */
  summaryFlushMs?: number;
  /**
   * Viewer caps and the cut-off for viewers that fall behind (default 1,000 streams in all, 100
   * per run, 1 MiB; else PLANVAS_SSE_MAX_VIEWERS, _MAX_VIEWERS_PER_RUN, _MAX_BEHIND_BYTES).
   */
  sse?: Partial<SseLimits>;
  /** Team mode (app.ts TeamOptions): runs in PostgreSQL, queued for workers. */
  team?: TeamRunsOptions;
}

export interface TeamRunsOptions {
  /** Drive queued runs in this process too (default true; `--no-execute` turns it off). */
  execute?: boolean;
  concurrency?: number;
  /** Lease length of this process' worker (tests shorten it so a killed worker's runs move on quickly). */
  leaseMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Run index, event logs and live bus. */
    runs: RunStore;
    /** Runs driven by planvas itself. */
    runEngine: RunEngine;
    runsOptions: { heartbeatMs: number; viewers: ViewerRegistry };
    /** Duplicate, rename and delete of workflows, with planvas' state kept in step (runs/workflow-management.ts). */
    workflowManagement: WorkflowManagement;
    /** Team mode: this process' worker (undefined in the embedded mode and with `--no-execute`). */
    runWorker: RunWorker | undefined;
  }
}

/** Where this server listens, as a URL host for learn_code callbacks (wildcards -> loopback). */
export function listeningAddress(app: FastifyInstance): { host: string; port: number } | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const info = address as AddressInfo;
  const host = info.address === '0.0.0.0' || info.address === '::' ? '127.0.0.1' : info.family === 'IPv6' ? `[${info.address}]` : info.address;
  return { host, port: info.port };
}

/** A worker's name in leases and take-over messages: where it runs, and unique per start. */
function workerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export const runsPlugin = fp(
  async function runsPlugin(app: FastifyInstance, options: RunsOptions) {
    const team = app.database && app.pgState ? { db: app.database, state: app.pgState } : undefined;
    const runs: RunStore = team
      ? await PgRunStore.open({ db: team.db, state: team.state, workspace: app.workspace })
      : new FileRunStore({
          state: app.state,
          workspace: app.workspace,
          onPersistError: (error, runId) => app.log.error({ err: error, runId }, 'could not write the run index row; retrying'),
          ...(options.summaryFlushMs !== undefined ? { summaryFlushMs: options.summaryFlushMs } : {}),
        });
    const queue = team ? new RunQueue(team.db) : undefined;
    const commands = team && queue ? await RunCommands.open(team.db, runs, queue) : undefined;
    const engine = new RunEngine({
      runs,
      workspace: app.workspace,
      ...(options.providers ? { providers: options.providers } : {}),
      ...(options.engine ? { defaults: options.engine } : {}),
      address: () => listeningAddress(app),
      settings: () => app.state.read().settings,
      // Read back through the schema: a hand-edited state file must not stop a run from starting.
      breakpoints: (workflowId) => Breakpoints.safeParse(ownEntry(app.state.read().breakpoints, workflowId) ?? []).data ?? [],
      redactPaths: serverPathRedactor(knownServerFolders({ workspaceRoot: app.planvas.workspaceRoot, dataDir: app.planvas.dataDir })),
      ...(queue && commands ? { queue, remote: commands } : {}),
    });
    const worker =
      team && queue && runs instanceof PgRunStore && options.team?.execute !== false
        ? new RunWorker({
            db: team.db,
            runs,
            engine,
            queue,
            id: workerName(),
            ...(options.team?.concurrency !== undefined ? { concurrency: options.team.concurrency } : {}),
            ...(options.team?.leaseMs !== undefined ? { leaseMs: options.team.leaseMs } : {}),
            log: (message, error) => app.log.error({ err: error }, message),
          })
        : undefined;
    const heartbeatMs = resolveHeartbeatMs(options.heartbeatMs);
    app.decorate('runs', runs);
    app.decorate('runEngine', engine);
    app.decorate('workflowManagement', new WorkflowManagement({ workspace: app.workspace, state: app.state, layouts: app.layoutCache, runs }));
    // One registry per server: run streams and change streams count against one total.
    app.decorate('runsOptions', { heartbeatMs, viewers: viewerRegistryOf(app.server, options.sse) });
    app.decorate('runWorker', worker);
    await runs.recoverInterrupted();
    await worker?.start();
    app.addHook('onClose', async () => {
      await worker?.stop();
      await engine.close();
      await runs.close();
      await commands?.close();
      // The database goes last: the run store and the worker write to it until here.
      await app.pgState?.close();
      await app.database?.close();
    });
  },
  { name: 'planvas-runs', dependencies: ['planvas-state', 'planvas-workspace'] },
);
