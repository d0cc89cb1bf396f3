import { z } from 'zod';
import { ApiError } from '../../http/api-error';
import { runMessages } from '../../runs/messages';

export interface RunRoute {
  Params: { runId: string };
}

/** The same as a route schema, for routes whose types come from their schemas (plugins/zod-route-schemas.ts). */
export const RunParams = z.object({ runId: z.string() });

/** A non-negative integer query parameter; absent -> fallback, anything else -> 400 with its name. */
export function intQuery(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const text = String(value);
  if (!/^\d+$/.test(text))
    throw new ApiError(400, 'bad_query', runMessages.badQuery(name, 'must be a non-negative integer'), [{ path: name, message: 'not a non-negative integer' }]);
  const n = Number(text);
  if (n > max) throw new ApiError(400, 'bad_query', runMessages.badQuery(name, `must be at most ${max}`), [{ path: name, message: `above ${max}` }]);
  return n;
}
