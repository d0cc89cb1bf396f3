import { afterEach, describe, expect, it, vi } from 'vitest';

// The module caches the token per page load, so each case loads a fresh copy.
async function load() {
  vi.resetModules();
  return import('./access-token');
}

describe('access token', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('takes ?token= from the address, keeps it for the tab and removes it from the URL', async () => {
    window.history.replaceState(null, '', '/workflows/x?token=s3cret&keep=1');
    const { accessToken, withAccessToken } = await load();
    expect(accessToken()).toBe('s3cret');
    expect(window.location.search).toBe('?keep=1');
    expect(window.sessionStorage.getItem('planvas.accessToken')).toBe('s3cret');
    expect(withAccessToken('/api/runs/r/stream?after=3')).toBe('/api/runs/r/stream?after=3&token=s3cret');
  });

  it('sends the token as a bearer header', async () => {
    window.sessionStorage.setItem('planvas.accessToken', 'abc');
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const { authorizedFetch } = await load();
    await authorizedFetch('/api/health', { headers: { accept: 'application/json' } });
    const headers = new Headers(spy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer abc');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('changes nothing without a token', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const { authorizedFetch, withAccessToken } = await load();
    await authorizedFetch('/api/health');
    expect(new Headers(spy.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
    expect(withAccessToken('/api/changes')).toBe('/api/changes');
  });
});
