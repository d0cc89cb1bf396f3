import { ApiError } from '../../errors';
import { runMessages } from '../../runs/messages';

export interface RunRoute {
  Params: { runId: string };
}

/** A non-negative integer query parameter; absent -> fallback, anything else -> 400 with its name. */
export function intQuery(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new ApiError(400, 'bad_query', runMessages.badQuery(name, 'must be a non-negative integer'), [{ path: name, message: 'not a non-negative integer' }]);
  const n = Number(text);
  if (n > max) throw new ApiError(400, 'bad_query', runMessages.badQuery(name, `must be at most ${max}`), [{ path: name, message: `above ${max}` }]);
  return n;
}
