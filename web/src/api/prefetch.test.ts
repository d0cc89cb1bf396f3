import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPrefetched, PREFETCH_TTL_MS, prefetchedText, prefetchJson, prefetchOpening, takePrefetched } from './prefetch';
import { createJsonRequest } from './request';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => clearPrefetched());

describe('prefetch', () => {
  it('starts the reads of a deep link at once, and the first GET of each takes its answer instead of asking again', async () => {
    const early = vi.fn(async (input: RequestInfo | URL) => answer({ early: String(input) }));
    prefetchOpening('Team/Ops X', early);
    expect(early.mock.calls.map((c) => c[0])).toEqual([
      '/api/workflows/Team%2FOps%20X',
      '/api/workflows/Team%2FOps%20X/view',
      '/api/workflows/Team%2FOps%20X/layout',
      '/api/workflows',
    ]);
    const late = vi.fn(async (input: RequestInfo | URL) => answer({ late: String(input) }));
    const request = createJsonRequest('', late);
    expect(await request('/api/workflows/Team%2FOps%20X')).toEqual({ early: '/api/workflows/Team%2FOps%20X' });
    // Taken once: the next read of the same path asks the server again.
    expect(await request('/api/workflows/Team%2FOps%20X')).toEqual({ late: '/api/workflows/Team%2FOps%20X' });
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('never answers a write, a request to another base URL, or a read made after the time limit', async () => {
    const early = vi.fn(async () => answer({ early: true }));
    const late = vi.fn(async () => answer({ late: true }));
    prefetchJson('/api/workflows', early);
    expect(await createJsonRequest('', late)('/api/workflows', { method: 'PUT', body: '{}' })).toEqual({ late: true });
    expect(await createJsonRequest('http://elsewhere', late)('/api/workflows')).toEqual({ late: true });
    clearPrefetched();
    prefetchJson('/api/workflows', early, 1_000);
    expect(takePrefetched('/api/workflows', 1_000 + PREFETCH_TTL_MS + 1)).toBeUndefined();
  });

  it('reports a failed prefetch through the request that takes it, as a network error', async () => {
    prefetchJson('/api/workflows', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createJsonRequest('', fetch)('/api/workflows')).rejects.toMatchObject({ code: 'network' });
  });

  it('lets an abort win over a prefetched answer still on its way', async () => {
    prefetchJson('/api/workflows', () => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = createJsonRequest('', fetch)('/api/workflows', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets main.tsx read an answer’s body without taking it from the app', async () => {
    prefetchJson('/api/workflows/W/layout', async () => answer({ LR: { key: 'k', positions: {} } }));
    expect(await prefetchedText('/api/workflows/W/layout')).toBe('{"LR":{"key":"k","positions":{}}}');
    expect(await createJsonRequest('', fetch)('/api/workflows/W/layout')).toEqual({ LR: { key: 'k', positions: {} } });
    prefetchJson('/api/workflows/X/layout', async () => new Response('{}', { status: 500 }));
    expect(await prefetchedText('/api/workflows/X/layout')).toBeUndefined();
    prefetchJson('/api/workflows/Y/layout', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await prefetchedText('/api/workflows/Y/layout')).toBeUndefined();
    expect(await prefetchedText('/api/workflows/never-asked/layout')).toBeUndefined();
  });
});
