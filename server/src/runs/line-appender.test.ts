import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { LineAppender } from './line-appender';

let dir: string;
useTempDir('planvas-lines-', (path) => (dir = path));

describe('LineAppender', () => {
  it('appends after a file without a trailing newline the way the Go writer joins lines', async () => {
    const path = join(dir, 'log.json');
    await writeFile(path, '{"a":1}\n{"a":2}');
    const appender = new LineAppender(path);
    await Promise.all([appender.append('{"a":3}'), appender.append('{"a":4}')]);
    await appender.close();
    expect(await readFile(path, 'utf8')).toBe('{"a":1}\n{"a":2}\n{"a":3}\n{"a":4}');
  });

  it('creates a missing file (and folder) and does not double a trailing newline', async () => {
    const fresh = join(dir, 'logs', 'step', 'log.json');
    const appender = new LineAppender(fresh);
    await appender.append('{"x":1}');
    await appender.close();
    expect(await readFile(fresh, 'utf8')).toBe('{"x":1}');
    const withNewline = join(dir, 'n.json');
    await writeFile(withNewline, '{"x":1}\n');
    const second = new LineAppender(withNewline);
    await second.append('{"x":2}');
    await second.close();
    expect(await readFile(withNewline, 'utf8')).toBe('{"x":1}\n{"x":2}');
    await expect(second.append('a\nb')).rejects.toThrow('newline');
  });
});
