import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, messages } from '../errors';

export interface RequestGuardOptions {
  /** The port the server listens on; a Host header naming another port is refused. */
  port?: number;
  /** With a token, every /api request must carry it (and any Host name is accepted). */
  accessToken?: string;
  /** Extra host names to accept besides the loopback names (e.g. a bound LAN name). */
  allowedHosts?: ReadonlyArray<string>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Guards a server that edits files on the user's disk from web pages the user happens to visit:
 * - Host allow-list: a DNS-rebinding page reaches 127.0.0.1 under its own name; refused (403).
 * - Origin check: a cross-site form or fetch may not change anything (403).
 * - Access token: required on every /api request when one is configured (401), which is
 *   mandatory when the server is bound to a non-loopback address.
 */
export const requestGuard = fp(
  async function requestGuard(app: FastifyInstance, options: RequestGuardOptions) {
    const allowedNames = new Set([...LOOPBACK_NAMES, ...(options.allowedHosts ?? [])].map((n) => n.toLowerCase()));
    const tokenDigest = options.accessToken ? digest(options.accessToken) : undefined;

    app.addHook('onRequest', async (request) => {
      const host = request.headers.host ?? '';
      if (!tokenDigest && !isAllowedHost(host, allowedNames, options.port)) {
        throw new ApiError(403, 'host_not_allowed', messages.hostNotAllowed(host), [{ path: 'Host', message: 'not an allowed host name' }]);
      }
      if (tokenDigest && isApiPath(request.url)) {
        const token = presentedToken(request);
        if (token === undefined) {
          throw new ApiError(401, 'token_required', messages.tokenRequired, [{ path: 'Authorization', message: 'missing' }], {}, { 'www-authenticate': 'Bearer realm="planvas"' });
        }
        if (!timingSafeEqual(digest(token), tokenDigest)) {
          throw new ApiError(401, 'token_invalid', messages.tokenWrong, [{ path: 'Authorization', message: 'wrong token' }], {}, { 'www-authenticate': 'Bearer realm="planvas", error="invalid_token"' });
        }
      }
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

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match?.[1];
  }
  // EventSource cannot set headers, so the SSE stream may carry the token in the query.
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
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
