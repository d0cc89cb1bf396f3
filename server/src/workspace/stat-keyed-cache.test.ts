import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { writeFileAtomic } from './atomic-write';
import { writeSettledFile } from '../test-support/settled-file';
import { StatKeyedCache } from './stat-keyed-cache';

let dir: string;
useTempDir('planvas-stat-cache-', (path) => (dir = path));

/** A file of the test's folder, last edited a while ago. */
const settledFile = (name: string, text: string) => writeSettledFile(join(dir, name), text);

function counter(cache: StatKeyedCache<string>, paths: string[], extra = '') {
  let computed = 0;
  return {
    get: () => cache.get('w', paths, extra, async () => `result ${++computed}`),
    count: () => computed,
  };
}

describe('StatKeyedCache', () => {
  it('computes once while the files stay the same, again once one changes', async () => {
    const plan = await settledFile('plan.json', '{"steps":[]}');
    const missing = join(dir, 'step_config.json');
    const cache = new StatKeyedCache<string>();
    const c = counter(cache, [plan, missing]);
    expect(await c.get()).toBe('result 1');
    expect(await c.get()).toBe('result 1');
    expect(c.count()).toBe(1);

    // A save through planvas: temp file and rename, a new inode.
    await writeFileAtomic(plan, '{"steps":[1]}');
    expect(await c.get()).toBe('result 2');
    // An optional file appearing counts as a change too.
    await settledFile('step_config.json', '{}');
    expect(await c.get()).toBe('result 3');
  });

  it('keys on the extra part as well (remembered promotions)', async () => {
    const plan = await settledFile('plan.json', '{}');
    const cache = new StatKeyedCache<string>();
    expect(await cache.get('w', [plan], 'a', async () => 'A')).toBe('A');
    expect(await cache.get('w', [plan], 'b', async () => 'B')).toBe('B');
  });

  it('keeps nothing from a file written just now (an in-place edit within the clock tick would go unseen)', async () => {
    const path = join(dir, 'plan.json');
    await writeFile(path, '{"a":1}');
    const cache = new StatKeyedCache<string>();
    const c = counter(cache, [path]);
    await c.get();
    await writeFile(path, '{"a":2}');
    await c.get();
    expect(c.count()).toBe(2);
  });

  it('does not keep a failure, and forgets the least recently used past its limit', async () => {
    const plan = await settledFile('plan.json', '{}');
    const cache = new StatKeyedCache<string>(2);
    await expect(cache.get('w', [plan], '', async () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await cache.get('w', [plan], '', async () => 'ok')).toBe('ok');
    await cache.get('x', [plan], '', async () => 'x');
    await cache.get('w', [plan], '', async () => 'not used');
    await cache.get('y', [plan], '', async () => 'y');
    // 'x' was the least recently used of w, x, y.
    expect(await cache.get('x', [plan], '', async () => 'x again')).toBe('x again');
    expect(await cache.get('y', [plan], '', async () => 'y again')).toBe('y');
  });
});
