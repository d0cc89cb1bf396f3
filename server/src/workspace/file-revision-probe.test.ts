import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, writeSettledFile } from '../test-support/settled-file';
import { FileRevisionProbe } from './file-revision-probe';
import { revisionOf } from './revision';

// Counts the probe's reads of file contents (the real read still happens).
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});
const reads = () => vi.mocked(readFile).mock.calls.length;
/** A read as the watch session polls: the stamp trusted when unchanged. */
const polled = (probe: FileRevisionProbe, path: string) => probe.revision(path, { trustStat: true });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'planvas-probe-'));
  vi.mocked(readFile).mockClear();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A probe of plan.json written by `write` with 'one', polled twice: both answers are that content's revision. */
async function polledTwice(write: (path: string, text: string) => Promise<unknown>) {
  const probe = new FileRevisionProbe();
  const path = join(dir, 'plan.json');
  await write(path, 'one');
  expect(await polled(probe, path)).toBe(revisionOf('one'));
  expect(await polled(probe, path)).toBe(revisionOf('one'));
  return { probe, path };
}

describe('FileRevisionProbe', () => {
  it('answers the hash of the bytes, null for a missing file or a folder', async () => {
    const probe = new FileRevisionProbe();
    const path = join(dir, 'plan.json');
    expect(await probe.revision(path)).toBeNull();
    await writeFile(path, '{"steps": []}\n');
    expect(await probe.revision(path)).toBe(revisionOf('{"steps": []}\n'));
    expect(await probe.revision(dir)).toBeNull();
  });

  it('trusts an unchanged stamp when asked (polling), and sees any change of size, inode or times', async () => {
    const { probe, path } = await polledTwice(writeSettledFile);
    expect(reads()).toBe(1);
    await writeSettledFile(path, 'three');
    expect(await polled(probe, path)).toBe(revisionOf('three'));
    expect(reads()).toBe(2);
    // Without trustStat the bytes are always read.
    expect(await probe.revision(path)).toBe(revisionOf('three'));
    expect(reads()).toBe(3);
  });

  it('reads a file modified just now every time: an in-place write within the clock tick could keep its stamp', async () => {
    const { probe, path } = await polledTwice(writeFile);
    expect(reads()).toBe(2);
    // Once the file has settled, its stamp is trusted again.
    await settle(path);
    await polled(probe, path);
    await polled(probe, path);
    expect(reads()).toBe(3);
  });
});
