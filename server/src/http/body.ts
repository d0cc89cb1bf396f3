import { issuesToDetails } from '@planvas/shared';
import type { z } from 'zod';
import { ApiError, messages } from '../errors';

export function requireBody(body: unknown): unknown {
  if (body === undefined) throw new ApiError(400, 'body_missing', messages.bodyMissing, [{ path: '$', message: 'no body' }]);
  return body;
}

/** Validates a request body against a zod schema; a violation is a 400 with the path of each problem. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(requireBody(body));
  if (!parsed.success) throw new ApiError(400, 'schema_violation', messages.schemaViolation(what), issuesToDetails(parsed.error.issues));
  return parsed.data;
}

/** `?dryRun=1`, `?dryRun=true` and a bare `?dryRun` are on; absent, `0` and `false` are off. */
export function queryFlag(value: unknown): boolean {
  if (value === undefined) return false;
  const text = String(value).toLowerCase();
  return text !== '0' && text !== 'false' && text !== 'no';
}
