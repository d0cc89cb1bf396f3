import { authorizedFetch } from './access-token';
import { workflowApiPath, workflowLayoutsPath, workflowViewPath } from './workflow-path';

/**
 * Reads the page will need at once, started before the app's code has even loaded (main.tsx):
 * on a deep link the plan's document, view settings and saved layouts, and the workflow list.
 * The app's own first GET of the same path takes the answer instead of asking again; nothing
 * else changes (same headers, same error handling in request.ts). An answer is taken once, and
 * one nobody took within PREFETCH_TTL_MS is dropped: a later read must see the files as they are.
 */
export const PREFETCH_TTL_MS = 15_000;

type Prefetched = { response: Promise<Response>; at: number };
const prefetched = new Map<string, Prefetched>();

export function prefetchJson(path: string, doFetch: typeof fetch = authorizedFetch, now = Date.now()): void {
  if (prefetched.has(path)) return;
  const response = doFetch(path, { headers: { accept: 'application/json' } });
  // A failed prefetch is reported by the request that takes it (or by nobody, if none does).
  response.catch(() => undefined);
  prefetched.set(path, { response, at: now });
}

/** The prefetched answer for a GET of `path`, once; undefined when there is none or it is stale. */
export function takePrefetched(path: string, now = Date.now()): Promise<Response> | undefined {
  const entry = prefetched.get(path);
  if (!entry) return undefined;
  prefetched.delete(path);
  return now - entry.at <= PREFETCH_TTL_MS ? entry.response : undefined;
}

/**
 * The body of a prefetched answer as text, without taking the answer (the app still reads it);
 * undefined when there is none, or it failed or is an error answer.
 */
export async function prefetchedText(path: string): Promise<string | undefined> {
  const entry = prefetched.get(path);
  if (!entry) return undefined;
  try {
    const response = await entry.response;
    return response.ok ? await response.clone().text() : undefined;
  } catch {
    return undefined;
  }
}

/** Everything opening `workflowId` (null: the workflow list alone) reads first. */
export function prefetchOpening(workflowId: string | null, doFetch: typeof fetch = authorizedFetch): void {
  if (workflowId !== null) {
    for (const p of [workflowApiPath(workflowId), workflowViewPath(workflowId), workflowLayoutsPath(workflowId)]) prefetchJson(p, doFetch);
  }
  prefetchJson('/api/workflows', doFetch);
}

/** For tests: forgets every prefetched answer. */
export function clearPrefetched(): void {
  prefetched.clear();
}
