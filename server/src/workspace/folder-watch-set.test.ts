import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { eventually } from '../test-support/sse-client';
import { FolderWatchSet } from './folder-watch-set';

let dir: string;
let set: FolderWatchSet | undefined;
useTempDir('planvas-watch-', (path) => (dir = path));
afterEach(() => {
  set?.close();
});

/** A watch set that records every event it reports as [folder, file name]. */
function recordingInto(events: Array<[string, string | null]>): FolderWatchSet {
  return new FolderWatchSet(
    (folder, name) => events.push([folder, name]),
    () => undefined,
  );
}

describe('FolderWatchSet', () => {
  it('watches exactly the folders it is given and reports events with the folder and file name', async () => {
    const events: Array<[string, string | null]> = [];
    set = recordingInto(events);
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await mkdir(a);
    await mkdir(b);
    expect(await set.sync([a, b, join(dir, 'missing')])).toEqual(expect.arrayContaining([a, b]));
    expect(set.size).toBe(2);
    expect(await set.sync([a, b])).toEqual([]);
    await writeFile(join(b, 'plan.json'), '{}');
    await eventually(() => events.some(([f, n]) => f === b && n === 'plan.json'), 'the event in b');

    await set.sync([a]);
    expect(set.has(b)).toBe(false);
    const seen = events.length;
    await writeFile(join(b, 'other.json'), '{}');
    await writeFile(join(a, 'x.json'), '{}');
    await eventually(() => events.some(([f, n]) => f === a && n === 'x.json'), 'the event in a');
    expect(events.slice(seen).some(([f]) => f === b)).toBe(false);
  });

  it('watches a folder that was deleted and made again anew', async () => {
    const events: Array<[string, string | null]> = [];
    set = recordingInto(events);
    const a = join(dir, 'a');
    await mkdir(a);
    await set.sync([a]);
    await rm(a, { recursive: true });
    await mkdir(a);
    expect(await set.sync([a])).toEqual([a]);
    await writeFile(join(a, 'after.json'), '{}');
    await eventually(() => events.some(([, n]) => n === 'after.json'), 'the event in the new folder');
  });

  it('closes every watch and watches nothing after close', async () => {
    set = new FolderWatchSet(
      () => undefined,
      () => undefined,
    );
    await set.sync([dir]);
    expect(set.size).toBe(1);
    set.close();
    expect(set.size).toBe(0);
    await set.sync([dir]);
    expect(set.size).toBe(0);
  });
});
