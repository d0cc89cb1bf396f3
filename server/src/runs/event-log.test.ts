import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import type { EventEnvelope } from '@planvas/shared';
import { EventLog, readEventsFile } from './event-log';

let dir: string;
useTempDir('planvas-log-', (path) => (dir = path));

describe('EventLog', () => {
  it('numbers events from 1 in append order, commits them durably and reports commits in order', async () => {
    const committed: number[] = [];
    const log = await EventLog.open(join(dir, 'run', 'events.jsonl'), (envs) => committed.push(...envs.map((e) => e.seq)));
    // Many appends without awaiting: group commit must keep their order.
    const appends = Array.from({ length: 200 }, (_, i) => log.append([{ type: 't', data: { i } }]));
    const results = await Promise.all(appends);
    expect(results.map((r) => r[0]!.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(committed).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const lines = (await readFile(log.path, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(200);
    const first = JSON.parse(lines[0]!) as EventEnvelope;
    expect(Object.keys(first)).toEqual(['seq', 'type', 'timestamp', 'data']);
    expect(first).toMatchObject({ seq: 1, type: 't', data: { i: 0 } });
    expect(new Date(first.timestamp).toISOString()).toBe(first.timestamp);
    await log.close();
  });

  it('reads after a sequence number with a limit, and keeps numbering after a reopen', async () => {
    const path = join(dir, 'events.jsonl');
    const log = await EventLog.open(path);
    await log.append(Array.from({ length: 10 }, (_, i) => ({ type: 'n', data: { i } })));
    expect((await log.readAfter(7)).map((e) => e.seq)).toEqual([8, 9, 10]);
    expect((await log.readAfter(2, 3)).map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(await log.readAfter(10)).toEqual([]);
    await log.close();
    const again = await EventLog.open(path);
    expect(again.lastSeq).toBe(10);
    const [next] = await again.append([{ type: 'n', data: {} }]);
    expect(next!.seq).toBe(11);
    await again.close();
    expect((await readEventsFile(path, 9)).map((e) => e.seq)).toEqual([10, 11]);
  });

  it('cuts a torn last line left by a crash, so the file stays valid JSON Lines', async () => {
    const path = join(dir, 'events.jsonl');
    const log = await EventLog.open(path);
    await log.append([
      { type: 'a', data: {} },
      { type: 'b', data: {} },
    ]);
    await log.close();
    await appendFile(path, '{"seq":3,"type":"c","timest');
    const reopened = await EventLog.open(path);
    expect(reopened.lastSeq).toBe(2);
    await reopened.append([{ type: 'c', data: { ok: true } }]);
    await reopened.close();
    const lines = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as EventEnvelope);
    expect(lines.map((e) => [e.seq, e.type])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
  });

  it('refuses a payload it cannot serialise without leaving a gap', async () => {
    const log = await EventLog.open(join(dir, 'events.jsonl'));
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await expect(
      log.append([
        { type: 'ok', data: {} },
        { type: 'bad', data: cyclic },
      ]),
    ).rejects.toThrow();
    const [stored] = await log.append([{ type: 'ok', data: {} }]);
    expect(stored!.seq).toBe(1);
    await log.close();
  });

  it('keeps a given timestamp (imports) and stamps the others', async () => {
    const log = await EventLog.open(join(dir, 'events.jsonl'));
    const [a, b] = await log.append(
      [
        { type: 'x', data: {}, timestamp: '2025-06-12T09:14:03+02:00' },
        { type: 'y', data: {} },
      ],
      () => '2030-01-01T00:00:00.000Z',
    );
    expect(a!.timestamp).toBe('2025-06-12T09:14:03+02:00');
    expect(b!.timestamp).toBe('2030-01-01T00:00:00.000Z');
    await log.close();
  });
});

describe('EventLog sync policies', () => {
  it.each(['batch', 'always'] as const)('acknowledges in order under %s and flush() waits for a covering sync', async (policy) => {
    const log = await EventLog.open(join(dir, `${policy}.jsonl`), () => undefined, policy);
    const acks: number[] = [];
    await Promise.all(Array.from({ length: 50 }, (_, i) => log.append([{ type: 't', data: { i } }]).then((e) => acks.push(e[0]!.seq))));
    expect(acks).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await log.flush();
    const lines = (await readFile(join(dir, `${policy}.jsonl`), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    await log.close();
  });
});
