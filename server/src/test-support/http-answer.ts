// Test-only: the HTTP answer a refusal of storage, runs or the engine gets.
import type { ApiError } from '../http/api-error';
import { toApiError } from '../plugins/error-handler';

/**
 * Storage, runs and the engine throw domain errors (domain-errors.ts), which carry no HTTP status:
 * the error handler maps them. Tests that call those layers directly and check the answer a
 * refusal gets (status, code, currentRevision) read it through that same mapping.
 */
export function asHttpAnswer(error: unknown): ApiError {
  return toApiError(error);
}

/** `promise`, with its rejection mapped to the answer it gets. */
export function answering<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    throw toApiError(error);
  });
}
