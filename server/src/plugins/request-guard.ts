import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import { messages } from '../errors/messages';
import { LOOPBACK_NAMES, allowedHostNames } from './allowed-host-names';
import { isApiRoute, mayBeUnderApi, parseRequestTarget } from './request-target';

export interface RequestGuardOptions {
  /** The port the server listens on; a Host header naming another port is refused. */
  port?: number;
  /** With a token, every request that could reach /api must carry it. */
  accessToken?: string;
  /** The address the server is bound to: its name (or, for 0.0.0.0, every interface's) is allowed. */
  bindAddress?: string;
  /** Extra host names to accept besides the loopback names (--allowed-host, PLANVAS_ALLOWED_HOSTS). */
  allowedHosts?: ReadonlyArray<string>;
}

/**
 * The routes EventSource reads. EventSource cannot set headers, so these alone also take the
 * token as `?token=`; everywhere else a token in the URL would end up in logs, history and
 * Referer headers for nothing, so it is not looked at.
 */
export const EVENT_STREAM_ROUTES: ReadonlySet<string> = new Set(['/api/changes', '/api/workflows/:id/changes', '/api/runs/:runId/stream']);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Guards a server that edits files on the user's disk from web pages the user happens to visit
 * and, when it listens beyond loopback, from the network:
 * - Host allow-list, always: a DNS-rebinding page reaches 127.0.0.1 under its own name; refused
 *   (403). Two Host headers are refused (400): proxies and servers disagree on which one counts.
 * - Access token: required on every request that could reach /api (401), judged on the path as
 *   the router decodes it, not on the raw target (see request-target.ts).
 * - Origin check: a cross-site form or fetch may not change anything (403).
 * Runs in onRequest, after routing and before any body is read or any route runs.
 */
export const requestGuard = fp(
  async function requestGuard(app: FastifyInstance, options: RequestGuardOptions) {
    const allowedNames = allowedHostNames(options.bindAddress, options.allowedHosts);
    const onlyLoopback = allowedNames.size === LOOPBACK_NAMES.length;
    const tokenDigest = options.accessToken ? digest(options.accessToken) : undefined;
    const refuseHost = (host: string, where: string) =>
      new ApiError(403, 'host_not_allowed', onlyLoopback ? messages.hostNotAllowed(host) : messages.hostNotAllowedHere(host), [
        { path: where, message: 'not an allowed host name' },
      ]);

    app.addHook('onRequest', async (request) => {
      const hosts = headerValues(request.raw.rawHeaders, 'host');
      if (hosts.length > 1) throw new ApiError(400, 'duplicate_host', messages.duplicateHost, [{ path: 'Host', message: `${hosts.length} Host headers` }]);
      const host = hosts[0] ?? '';
      if (!isAllowedHost(host, allowedNames, options.port)) throw refuseHost(host, 'Host');

      const target = parseRequestTarget(request.url);
      if (!target.ok)
        throw new ApiError(400, 'bad_request_target', messages.badRequestTarget(target.reason), [{ path: 'request target', message: target.reason }]);
      // An absolute-form target names the host itself, and HTTP/1.1 says it wins over Host.
      if (target.authority !== undefined && !isAllowedHost(target.authority, allowedNames, options.port)) throw refuseHost(target.authority, 'request target');

      // The router's own answer (the route it matched) and the decoded path are both asked, so
      // neither a spelling the router decodes nor an unrouted /api path (404) passes untokened.
      if (tokenDigest && (isApiRoute(request.routeOptions.url) || mayBeUnderApi(target))) checkToken(request, tokenDigest);

      if (STATE_CHANGING.has(request.method)) {
        const origin = request.headers.origin;
        if (origin !== undefined && !isAllowedOrigin(origin, host)) {
          throw new ApiError(403, 'origin_not_allowed', messages.originNotAllowed(origin), [{ path: 'Origin', message: 'cross-site request' }]);
        }
      }
    });
  },
  { name: 'planvas-request-guard' },
);

const digest = (value: string) => createHash('sha256').update(value).digest();

function checkToken(request: FastifyRequest, expected: Buffer): void {
  const fromQuery = request.method === 'GET' && EVENT_STREAM_ROUTES.has(request.routeOptions.url ?? '');
  const token = presentedToken(request, fromQuery);
  if (token === undefined) {
    throw new ApiError(
      401,
      'token_required',
      fromQuery ? messages.tokenRequired : messages.tokenOnlyInHeader,
      [{ path: 'Authorization', message: 'missing' }],
      {},
      { 'www-authenticate': 'Bearer realm="planvas"' },
    );
  }
  if (!timingSafeEqual(digest(token), expected)) {
    throw new ApiError(
      401,
      'token_invalid',
      messages.tokenWrong,
      [{ path: 'Authorization', message: 'wrong token' }],
      {},
      { 'www-authenticate': 'Bearer realm="planvas", error="invalid_token"' },
    );
  }
}

function presentedToken(request: FastifyRequest, fromQuery: boolean): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match?.[1];
  }
  if (!fromQuery) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/** Every value of a header as sent: Node keeps only the first Host in `headers`, so count the raw ones. */
function headerValues(rawHeaders: ReadonlyArray<string>, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() === name) values.push(rawHeaders[i + 1] as string);
  }
  return values;
}

/** `name` or `name:port`, with `[v6]` brackets; the port must be ours when we know it. */
export function isAllowedHost(host: string, names: ReadonlySet<string>, port: number | undefined): boolean {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (!match) return false;
  const [, name, hostPort] = match;
  if (!name || !names.has(name)) return false;
  return hostPort === undefined || !port || Number(hostPort) === port;
}

/**
 * Same origin as the Host asked for, or any loopback origin (the Vite dev server on another
 * port proxies here). `null` and anything unparseable are refused.
 */
export function isAllowedOrigin(origin: string, host: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.host === host.toLowerCase()) return true;
  return LOOPBACK_NAMES.includes(url.hostname);
}
