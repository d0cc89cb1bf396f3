import { ApiError } from './api-error';

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
      response = await doFetch(`${baseUrl}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers } });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'network', `Cannot reach the planvas server (${error instanceof Error ? error.message : String(error)})`);
    }
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
