import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs tasks of one key one at a time, in arrival order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        queue.run('file', async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          log.push(`start ${n}`);
          await tick();
          log.push(`end ${n}`);
          running--;
        }),
      ),
    );
    expect(maxRunning).toBe(1);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3', 'start 4', 'end 4']);
    expect(queue.size).toBe(0);
  });

  it('runs different keys in parallel', async () => {
    const queue = new KeyedQueue();
    let running = 0;
    let maxRunning = 0;
    const task = async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await tick();
      running--;
    };
    await Promise.all([queue.run('a', task), queue.run('b', task)]);
    expect(maxRunning).toBe(2);
  });

  it('a failing task rejects its own caller only', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('k', async () => {
      throw new Error('boom');
    });
    const next = queue.run('k', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});
