// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasNoSavedLayout } from './saved-layouts-probe';

const answering = (body: string, status = 200) => async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });

describe('hasNoSavedLayout', () => {
  it('is true only for an empty object', async () => {
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('{}'))).toBe(true);
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('{"LR":{"key":"k","positions":{}}}'))).toBe(false);
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('[]'))).toBe(false);
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('null'))).toBe(false);
  });

  it('says false when in doubt: an error answer, a body that is not JSON, no network', async () => {
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('{}', 401))).toBe(false);
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, answering('{'))).toBe(false);
    expect(await hasNoSavedLayout('/api/workflows/W/layout', {}, async () => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('sends the page’s headers and asks for JSON', async () => {
    let seen: Headers | undefined;
    await hasNoSavedLayout('/api/workflows/W/layout', { authorization: 'Bearer t' }, async (_url, init) => {
      seen = new Headers(init?.headers);
      return new Response('{}');
    });
    expect(seen?.get('authorization')).toBe('Bearer t');
    expect(seen?.get('accept')).toBe('application/json');
  });
});
