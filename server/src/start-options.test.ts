import { describe, expect, it } from 'vitest';
import { UsageError, exposureProblem, isLoopbackHost, parseStartArgs } from './start-options';

describe('parseStartArgs', () => {
  it('defaults', () => {
    expect(parseStartArgs([])).toEqual({ port: 4780, host: '127.0.0.1', open: true, execute: true });
  });

  it('accepts the -- pnpm passes through, and --flag=value', () => {
    const expected = { workspace: 'ws', port: 5000, host: '127.0.0.1', open: false, execute: true };
    expect(parseStartArgs(['--', '--workspace', 'ws', '--port', '5000', '--no-open'])).toEqual(expected);
    expect(parseStartArgs(['--workspace=ws', '--port=5000', '--no-open'])).toEqual(expected);
    expect(parseStartArgs(['--workspace', 'ws', '--', '--port', '5000', '--no-open'])).toEqual(expected);
  });

  it('takes team mode from --database-url or PLANVAS_DATABASE_URL, with --no-execute, --concurrency and --lease-ms', () => {
    const url = 'postgres://planvas@db.lan/planvas';
    expect(parseStartArgs(['--database-url', url, '--no-execute', '--concurrency', '8', '--lease-ms=5000'])).toMatchObject({
      databaseUrl: url,
      execute: false,
      concurrency: 8,
      leaseMs: 5000,
    });
    expect(parseStartArgs([], { PLANVAS_DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(() => parseStartArgs(['--database-url', 'mysql://x'])).toThrow(/postgres:\/\//);
    expect(() => parseStartArgs(['--no-execute'])).toThrow(/need --database-url/);
    expect(() => parseStartArgs(['--database-url', url, '--concurrency', '0'])).toThrow(/--concurrency must be a whole number/);
  });

  it('takes the token from the flag, else from PLANVAS_TOKEN', () => {
    expect(parseStartArgs(['--token', 'a'], { PLANVAS_TOKEN: 'b' }).token).toBe('a');
    expect(parseStartArgs([], { PLANVAS_TOKEN: 'b' }).token).toBe('b');
  });

  it('collects --allowed-host (repeatable) and PLANVAS_ALLOWED_HOSTS (comma-separated), lower-cased', () => {
    expect(parseStartArgs(['--allowed-host', 'planvas.lan', '--allowed-host=Build-Box']).allowedHosts).toEqual(['planvas.lan', 'build-box']);
    expect(parseStartArgs([], { PLANVAS_ALLOWED_HOSTS: 'a.lan, 192.168.1.5 ,,[fe80::1]' }).allowedHosts).toEqual(['a.lan', '192.168.1.5', '[fe80::1]']);
    expect(parseStartArgs(['--allowed-host', 'x.lan'], { PLANVAS_ALLOWED_HOSTS: 'y.lan' }).allowedHosts).toEqual(['x.lan', 'y.lan']);
    expect(parseStartArgs(['--allowed-host', 'fe80::1']).allowedHosts).toEqual(['[fe80::1]']);
    expect(parseStartArgs([]).allowedHosts).toBeUndefined();
  });

  it.each([['http://planvas.lan'], ['planvas.lan:4780'], ['a b'], [''], ['*'], ['evil.example/x']])('refuses --allowed-host %j', (name) => {
    expect(() => parseStartArgs(['--allowed-host', name])).toThrow(UsageError);
    if (name !== '') expect(() => parseStartArgs([], { PLANVAS_ALLOWED_HOSTS: name })).toThrow(UsageError);
  });

  it.each([[['--port', 'http']], [['--port', '70000']], [['--port']], [['--workspace', '--port', '1']], [['--frobnicate']], [['stray']], [['--token=']]])(
    'refuses %j with a usage error',
    (args) => {
      expect(() => parseStartArgs(args)).toThrow(UsageError);
    },
  );
});

describe('exposure', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(exposureProblem({ host })).toBeUndefined();
  });
  it.each(['0.0.0.0', '::', '192.168.1.5', 'planvas.lan'])('%s needs a token', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    expect(exposureProblem({ host })).toMatch(/without an access token.*--token/);
    expect(exposureProblem({ host, token: 't' })).toBeUndefined();
  });
});
