import { describe, expect, it } from 'vitest';
import { isApiRoute, mayBeUnderApi, parseRequestTarget } from './request-target';

const underApi = (target: string) => {
  const parsed = parseRequestTarget(target);
  if (!parsed.ok) throw new Error(parsed.reason);
  return mayBeUnderApi(parsed);
};

describe('parseRequestTarget and mayBeUnderApi', () => {
  it.each([
    '/api',
    '/api/workflows',
    '/api?x=1',
    '/%61pi/workflows',
    '/%2561pi/workflows',
    '/API/workflows',
    '/%41PI',
    '/api%2Fworkflows',
    '//api/settings',
    '/./api/settings',
    '/x/../api/settings',
    '/x/%2e%2e/api/settings',
    '/api/../x',
    '/\\api/settings',
    'http://127.0.0.1:4780/api/settings',
    'HTTPS://h/%61pi',
  ])('%s could be /api', (target) => {
    expect(underApi(target)).toBe(true);
  });

  it.each([
    '/',
    '/workflows/Workflow%2FResearchReport',
    '/assets/app.js',
    '/apix',
    '/api-docs',
    '/x/api',
    '/learn-code/abc/tools/custom/call_sub_agent',
    '*',
    'http://h',
  ])('%s is outside /api', (target) => {
    expect(underApi(target)).toBe(false);
  });

  it('reads the authority of an absolute-form target', () => {
    expect(parseRequestTarget('http://Evil.Example:80/api')).toMatchObject({ ok: true, form: 'absolute', authority: 'evil.example:80' });
    expect(parseRequestTarget('/api')).toMatchObject({ ok: true, form: 'origin' });
    expect(parseRequestTarget('/api')).not.toHaveProperty('authority');
  });

  it.each(['/api/%', '/%E0%A4%A', 'ftp://h/api', 'http:///api', 'http://user@h/api', 'api/settings', ''])('%j cannot be used', (target) => {
    expect(parseRequestTarget(target).ok).toBe(false);
  });
});

describe('isApiRoute', () => {
  it('is the route pattern the router matched', () => {
    expect(isApiRoute('/api/workflows/:id')).toBe(true);
    expect(isApiRoute('/api')).toBe(true);
    expect(isApiRoute('/*')).toBe(false);
    expect(isApiRoute('/apix')).toBe(false);
    expect(isApiRoute(undefined)).toBe(false);
  });
});
