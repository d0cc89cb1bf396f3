/**
 * When the server listens beyond loopback it requires an access token (README "Security"). The
 * user opens `http://host:port/?token=T`; the page keeps T for this tab (sessionStorage, never
 * localStorage: it should not outlive the tab) and drops it from the address bar so it is not
 * bookmarked or shared by accident. Every API request then carries it; EventSource cannot send
 * headers, so stream URLs carry `?token=` instead.
 */
const STORAGE_KEY = 'planvas.accessToken';
let cached: string | null | undefined;

export function accessToken(): string | null {
  if (cached !== undefined) return cached;
  cached = null;
  if (typeof window === 'undefined') return cached;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, fromUrl);
    } catch {
      // storage may be unavailable (private mode); the token still works for this page load
    }
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    cached = fromUrl;
    return cached;
  }
  try {
    cached = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    cached = null;
  }
  return cached;
}

/** `fetch` that adds `Authorization: Bearer <token>` when the page has a token. */
export function authorizedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const token = accessToken();
  if (!token) return globalThis.fetch(input, init);
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return globalThis.fetch(input, { ...init, headers });
}

/** Adds `token=` to a stream URL when the page has a token. */
export function withAccessToken(url: string): string {
  const token = accessToken();
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
