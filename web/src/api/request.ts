import { ApiError } from './api-error';
import { reportConnection } from './connection-signals';
import { takePrefetched } from './prefetch';

/** Sends a request to the planvas API and reads its JSON answer (`undefined` for an empty one). */
export type JsonRequest = <T>(path: string, init?: RequestInit) => Promise<T>;

/**
 * The one way the web app talks to the API, shared by the reading, writing and runs clients:
 * `accept: application/json`, a failure to connect as a `network` ApiError (an abort passes
 * through as it is), an error answer as the server's error shape, a body that is not JSON as
 * `bad_response`.
 */
export function createJsonRequest(baseUrl: string, doFetch: typeof fetch): JsonRequest {
  return async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      // The page's first reads may already be on their way (prefetch.ts): a plain GET takes them.
      const early = baseUrl === '' && (init.method ?? 'GET') === 'GET' && init.body == null ? takePrefetched(path) : undefined;
      response = await (early
        ? untilAborted(early, init.signal)
        : doFetch(`${baseUrl}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers } }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      reportConnection('lost');
      throw new ApiError(0, 'network', `Cannot reach the planvas server (${error instanceof Error ? error.message : String(error)})`);
    }
    // A gateway's 502 / 504 is a proxy saying the planvas server is not there.
    reportConnection(response.status === 502 || response.status === 504 ? 'lost' : 'reached');
    if (!response.ok) throw await ApiError.fromResponse(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, 'bad_response', `The server answered ${init.method ?? 'GET'} ${path} with something that is not JSON`);
    }
  };
}

/** `promise`, or an AbortError as soon as `signal` aborts (as fetch itself would). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new DOMException('The request was aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
