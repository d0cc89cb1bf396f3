import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { DEFAULT_REQUEST_TIMEOUT_MS, answerClientError, edgeTimeouts } from './plugins/client-errors';
import { errorHandler, toApiError, withoutServerPaths } from './plugins/error-handler';
import { jsonBodyParser } from './plugins/json-body-parser';
import { zodRouteSchemas } from './plugins/zod-route-schemas';
import { requestGuard } from './plugins/request-guard';
import { knownServerFolders, serverPathRedactor } from './plugins/server-path-redaction';
import { workflowIdNfc } from './plugins/workflow-id-nfc';
import { statePlugin } from './plugins/state';
import { spaFallback, webAppPlugin } from './plugins/web-app';
import { workspacePlugin } from './plugins/workspace';
import { workspaceWatcherPlugin, type WorkspaceWatcherPluginOptions } from './plugins/workspace-watcher';
import { changesRoutes } from './routes/changes';
import { documentRoutes } from './routes/documents';
import { healthRoutes } from './routes/health';
import { migrateRoutes } from './routes/migrate';
import { runsPlugin, type RunsOptions } from './plugins/runs';
import { runRoutes } from './routes/runs';
import { settingsRoutes } from './routes/settings';
import { viewRoutes } from './routes/view';
import { breakpointRoutes } from './routes/breakpoints';
import { layoutRoutes } from './routes/layout';
import { workflowRoutes } from './routes/workflows';
import { workflowManagementRoutes } from './routes/workflow-management';

export interface AppOptions {
  /** The folder holding the workflow folders (any folder with planning/plan.json). */
  workspaceRoot: string;
  /** planvas' own state (lowdb file, run logs): never inside the user's workflows. */
  dataDir: string;
  /** The address the server will listen on (default 127.0.0.1): a Host header may name it (0.0.0.0: any interface's address). */
  host?: string;
  /** The port it will listen on: a Host header naming another port is refused. */
  port?: number;
  /** When set, every request that could reach /api must carry it (Authorization: Bearer; ?token= on event streams). */
  accessToken?: string;
  /** Extra Host names to accept besides 127.0.0.1, localhost, [::1] and the bind address (--allowed-host). */
  allowedHosts?: string[];
  /** How long a client may take to send a whole request, headers and body (default 60 s). */
  requestTimeoutMs?: number;
  /** The built web app (web/dist) to serve, with index.html for client-side routes. */
  webDist?: string;
  /** Log requests (true) or only messages at this level and above (e.g. 'warn': failures). */
  logger?: boolean | 'error' | 'warn' | 'info' | 'debug';
  /** Largest accepted request body in bytes (default 16 MiB: a 1,000-step plan is ~1 MiB). */
  bodyLimit?: number;
  /** The run engine and run streams: providers, engine defaults, viewer caps (`sse`). */
  runs?: RunsOptions;
  /** The change watcher behind GET /api/changes (debounce, poll interval, SSE heartbeat). */
  watcher?: WorkspaceWatcherPluginOptions & { heartbeatMs?: number };
  /**
   * Team mode (docs/team.md): PostgreSQL holds the run index, the event logs, planvas' state and
   * a run queue, shared by every instance. `execute: false` (`--no-execute`) only enqueues runs
   * for workers; otherwise this instance also drives queued runs (`concurrency` at once).
   */
  team?: TeamOptions;
}

export interface TeamOptions {
  databaseUrl: string;
  execute?: boolean;
  concurrency?: number;
  /** A worker's lease (default 10 s): a dead worker's runs are taken over after it. */
  leaseMs?: number;
}

export interface ResolvedAppOptions {
  workspaceRoot: string;
  dataDir: string;
  host: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Paths and settings the app was built with, for plugins registered later (run engine). */
    planvas: ResolvedAppOptions;
  }
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4780;
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;
/** Node's default limit of the request line and headers together: no parameter can be longer. */
const MAX_ROUTE_PARAM_LENGTH = 16 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const redactPaths = serverPathRedactor(
    knownServerFolders({ workspaceRoot: options.workspaceRoot, dataDir: options.dataDir, ...(options.webDist ? { webDist: options.webDist } : {}) }),
  );
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const { requestTimeout, headersTimeout, connectionsCheckingInterval } = edgeTimeouts(requestTimeoutMs);
  const app = Fastify({
    logger: typeof options.logger === 'string' ? { level: options.logger } : (options.logger ?? false),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Workflow ids are relative paths in one URL segment. Node already bounds the request line
    // (16 KiB of headers), so any parameter may reach its route, whose own checks answer in its
    // terms (400 invalid_workflow_id over 1024 bytes) rather than a bare 414 or 404.
    routerOptions: { maxParamLength: MAX_ROUTE_PARAM_LENGTH },
    // Open event streams must not keep close() (and so a test or Ctrl-C) waiting.
    forceCloseConnections: true,
    // A client that dribbles its headers or body is cut off (Fastify's default never does).
    requestTimeout,
    http: { headersTimeout, connectionsCheckingInterval },
    // Node's own errors (header block too large, broken framing, the timeout) in the one error shape.
    clientErrorHandler: answerClientError(requestTimeoutMs),
    // Errors raised before routing (a malformed %-escape in the URL) bypass the error handler.
    frameworkErrors: (error, request, reply) => {
      const apiError = withoutServerPaths(toApiError(error, request), redactPaths);
      void (reply as FastifyReply).status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError.toBody());
    },
  });

  await app.register(errorHandler, { redactPaths, ...(options.webDist ? { onNotFound: spaFallback } : {}) });
  await app.register(jsonBodyParser);
  await app.register(zodRouteSchemas);
  await app.register(requestGuard, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    ...(options.host ? { bindAddress: options.host } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  await app.register(workflowIdNfc);
  await app.register(statePlugin, { dataDir: options.dataDir, ...(options.team ? { databaseUrl: options.team.databaseUrl } : {}) });
  await app.register(workspacePlugin, { root: options.workspaceRoot });
  app.decorate('planvas', { workspaceRoot: app.workspace.root, dataDir: options.dataDir, host: options.host ?? DEFAULT_HOST });
  const { heartbeatMs, ...watcherOptions } = options.watcher ?? {};
  await app.register(workspaceWatcherPlugin, watcherOptions);

  await app.register(healthRoutes);
  await app.register(workflowRoutes);
  await app.register(documentRoutes);
  await app.register(viewRoutes);
  await app.register(breakpointRoutes);
  await app.register(layoutRoutes);
  await app.register(settingsRoutes);
  await app.register(migrateRoutes);
  await app.register(changesRoutes, heartbeatMs !== undefined ? { heartbeatMs } : {});

  // The run store and engine, then their routes (runs, events stream, ingest, learn_code callback).
  await app.register(runsPlugin, { ...options.runs, ...(options.team ? { team: options.team } : {}) });
  await app.register(runRoutes);
  // Duplicate, rename and delete of workflows: they need the run store (no move while a run goes).
  await app.register(workflowManagementRoutes);

  if (options.webDist) await app.register(webAppPlugin, { root: options.webDist });
  return app;
}
