import { ApiError } from './api-error';
import { messages } from '../errors/messages';

/**
 * The request's body, or 400 body_missing. Routes with a body schema get this check from
 * plugins/zod-route-schemas.ts; routes that take the body as it is (document saves, which keep its
 * number spellings, and event ingest) call it themselves, after their own checks.
 */
export function requireBody(body: unknown): unknown {
  if (body === undefined) throw new ApiError(400, 'body_missing', messages.bodyMissing, [{ path: '$', message: 'no body' }]);
  return body;
}

/** `?dryRun=1`, `?dryRun=true` and a bare `?dryRun` are on; absent, `0` and `false` are off. */
export function queryFlag(value: unknown): boolean {
  if (value === undefined) return false;
  const text = String(value).toLowerCase();
  return text !== '0' && text !== 'false' && text !== 'no';
}
