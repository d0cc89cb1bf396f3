import { describe, expect, it } from 'vitest';
import { UsageError, exposureProblem, isLoopbackHost, parseStartArgs } from './start-options';

describe('parseStartArgs', () => {
  it('defaults', () => {
    expect(parseStartArgs([])).toEqual({ port: 4780, host: '127.0.0.1', open: true });
  });

  it('accepts the -- pnpm passes through, and --flag=value', () => {
    const expected = { workspace: 'ws', port: 5000, host: '127.0.0.1', open: false };
    expect(parseStartArgs(['--', '--workspace', 'ws', '--port', '5000', '--no-open'])).toEqual(expected);
    expect(parseStartArgs(['--workspace=ws', '--port=5000', '--no-open'])).toEqual(expected);
    expect(parseStartArgs(['--workspace', 'ws', '--', '--port', '5000', '--no-open'])).toEqual(expected);
  });

  it('takes the token from the flag, else from PLANVAS_TOKEN', () => {
    expect(parseStartArgs(['--token', 'a'], { PLANVAS_TOKEN: 'b' }).token).toBe('a');
    expect(parseStartArgs([], { PLANVAS_TOKEN: 'b' }).token).toBe('b');
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
