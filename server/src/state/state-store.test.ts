import { readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { STATE_FILE_NAME, FileStateStore } from './state-store';

let dir: string;
useTempDir('planvas-state-', (path) => (dir = path));

const run = (id: string) => ({
  id,
  workflowId: 'Workflow/ResearchReport',
  status: 'running' as const,
  provider: 'scripted' as const,
  startedAt: '2026-01-01T00:00:00Z',
  eventCount: 0,
  todos: { completed: 0, total: 0 },
});

describe('StateStore', () => {
  it('starts empty, persists updates, and reads them back after reopening', async () => {
    const store = await FileStateStore.open(join(dir, 'data'));
    expect(store.read()).toEqual({ version: 1, views: {}, settings: {}, runs: {}, legacyPromotions: {}, breakpoints: {} });
    await store.update((draft) => {
      draft.runs.r1 = run('r1');
      draft.settings.defaultLlm = { provider: 'openai', model_id: 'gpt-4.1' };
    });
    const reopened = await FileStateStore.open(join(dir, 'data'));
    expect(reopened.read().runs.r1).toEqual(run('r1'));
    expect(reopened.read().settings.defaultLlm?.model_id).toBe('gpt-4.1');
  });

  it('runs updates one at a time, each seeing the previous one', async () => {
    const store = await FileStateStore.open(dir);
    void store.update((d) => void (d.runs.r = run('r')));
    await Promise.all(
      Array.from({ length: 50 }, () =>
        store.update(async (draft) => {
          const r = draft.runs.r;
          if (!r) throw new Error('missing');
          await new Promise((resolve) => setTimeout(resolve, 0));
          r.eventCount += 1;
        }),
      ),
    );
    expect(store.read().runs.r?.eventCount).toBe(50);
    expect(JSON.parse(await readFile(join(dir, STATE_FILE_NAME), 'utf8')).runs.r.eventCount).toBe(50);
  });

  it('a failing mutator changes nothing and does not block later updates', async () => {
    const store = await FileStateStore.open(dir);
    await expect(
      store.update((draft) => {
        draft.runs.half = run('half');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(store.read().runs.half).toBeUndefined();
    await expect(store.update(() => 'ok')).resolves.toBe('ok');
  });

  it('a write the disk refuses changes nothing in memory either', async () => {
    const store = await FileStateStore.open(dir);
    await store.update((draft) => void (draft.settings.defaultLlm = { provider: 'openai', model_id: 'gpt-4.1' }));
    // A non-empty folder where the file goes: the rename over it fails, whoever runs the test.
    await rm(join(dir, STATE_FILE_NAME));
    await mkdir(join(dir, STATE_FILE_NAME, 'blocker'), { recursive: true });
    await expect(store.update((draft) => void (draft.settings.defaultLlm = { provider: 'openai', model_id: 'o3' }))).rejects.toThrow();
    expect(store.read().settings.defaultLlm?.model_id).toBe('gpt-4.1');
  });

  it('removes the temp file of a write a crash interrupted, and nothing else', async () => {
    await writeFile(join(dir, `.${STATE_FILE_NAME}.tmp`), '{"half');
    await writeFile(join(dir, '.other.tmp'), 'kept');
    await FileStateStore.open(dir);
    expect((await readdir(dir)).sort()).toEqual(['.other.tmp']);
  });

  it('keeps a damaged state file aside instead of overwriting it', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, STATE_FILE_NAME), '{"runs": {"r1": ');
    const store = await FileStateStore.open(dir);
    expect(store.read().runs).toEqual({});
    const files = await readdir(dir);
    const damaged = files.find((f) => f.startsWith(`${STATE_FILE_NAME}.damaged-`));
    expect(damaged).toBeDefined();
    expect(await readFile(join(dir, damaged as string), 'utf8')).toBe('{"runs": {"r1": ');
  });

  it('fills what an older state file lacks', async () => {
    await writeFile(join(dir, STATE_FILE_NAME), '{"views": {"a": {"direction": "TB", "positions": {"LR": {}, "TB": {}}}}}');
    const store = await FileStateStore.open(dir);
    expect(store.read().views.a?.direction).toBe('TB');
    expect(store.read().runs).toEqual({});
    expect(store.read().legacyPromotions).toEqual({});
  });
});
